import type { NumberSource } from '../catalogue';

/**
 * Which upstream hosts each seeded number. The numbers of these countries are SIMs in our own
 * Android phones running android-sms-gateway, two SIMs a phone (device `gw-<iso>-<nn>`, SIM 1 and
 * 2, in number order); every other number is Twilio's. A source is a fixed fact of the number (its
 * `PHONE#` and `NUMBER_ID#` items): an upstream may only report SMS for the numbers it hosts.
 */
export const gatewayCountries: readonly string[] = ['ua', 'kz'];

export const simsPerDevice = 2;

/** The source of the `index`-th number (from 0, in number order) of a country. */
export function seedSource(iso: string, index: number): NumberSource {
  if (!gatewayCountries.includes(iso)) return { provider: 'twilio' };
  return {
    provider: 'gateway',
    deviceId: `gw-${iso}-${String(Math.floor(index / simsPerDevice) + 1).padStart(2, '0')}`,
    simNumber: (index % simsPerDevice) + 1,
  };
}
