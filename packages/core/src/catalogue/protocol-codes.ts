/**
 * The tables between SMS-Activate's published codes and our catalogue. Source: SMS-Activate's API
 * documentation (sms-activate.io "API" page, the answers of `getServicesList` and `getCountries`):
 * service codes such as `go` Google, `tg` Telegram, `wa` WhatsApp; country ids such as 0 Russia,
 * 16 United Kingdom, 187 USA. 27 of the 30 service codes were checked against the service list
 * that public clients of the protocol ship (an older copy of `getServicesList`); `alj` Spotify,
 * `aon` Binance and `bw` Signal are newer than that list and still to be checked against the live
 * `getServicesList`.
 *
 * Countries are matched by ISO code, so seeded ids can change freely; a country not in this table
 * is not carried (`NO_NUMBERS`).
 */

import { countryCodes } from '@numbernest/contracts/handler-api';

// The country table is the protocol's own (the web's docs page shows it too): it lives in the contracts.
export { countryCodes };

/**
 * The published codes of the services we launched with, by our slug: what the seed gives each
 * service. At run time (and on the API docs page, through GET /api/services) the code in use is the service's catalogue
 * item's (`protocolCode`, set by operators: catalog/service-routing.ts); a code no service has is
 * `BAD_SERVICE`.
 */
export const serviceCodes: ReadonlyArray<readonly [code: string, slug: string]> = [
  ['tg', 'telegram'],
  ['wa', 'whatsapp'],
  ['go', 'google'],
  ['fb', 'facebook'],
  ['ig', 'instagram'],
  ['lf', 'tiktok'],
  ['am', 'amazon'],
  ['ub', 'uber'],
  ['mm', 'microsoft'],
  ['wx', 'apple'],
  ['ds', 'discord'],
  ['tw', 'x'],
  ['nf', 'netflix'],
  ['ts', 'paypal'],
  ['uk', 'airbnb'],
  ['tn', 'linkedin'],
  ['fu', 'snapchat'],
  ['vi', 'viber'],
  ['wb', 'wechat'],
  ['mb', 'yahoo'],
  ['oi', 'tinder'],
  ['mt', 'steam'],
  ['alj', 'spotify'],
  ['dh', 'ebay'],
  ['aon', 'binance'],
  ['re', 'coinbase'],
  ['dr', 'openai'],
  ['ka', 'shopee'],
  ['tu', 'lyft'],
  ['bw', 'signal'],
];

const isoById = new Map(countryCodes.map(([id, iso]) => [id, iso]));
const idByIso = new Map(countryCodes.map(([id, iso]) => [iso, id]));
const rusById = new Map(countryCodes.map(([id, , rus]) => [id, rus]));

export const isoOfCountryId = (id: number) => isoById.get(id);
export const countryIdOfIso = (iso: string) => idByIso.get(iso.toLowerCase());
export const russianCountryName = (id: number) => rusById.get(id);
