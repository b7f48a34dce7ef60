import type { WebhookPayload } from '@numbernest/contracts';
import type { RentWebhookPayload } from '@numbernest/contracts/handler-api';
import { countryIdOfIso } from '../../catalogue';
import type { RentalItem } from '../../rentals';

/** An inbound SMS as stored for a rental (the message item's fields a payload needs). */
export interface SmsOfRental {
  body: string;
  code: string | null;
  createdAt: string;
  verified?: boolean;
}

/** The protocol's webhook fields of an SMS that reached a rental; `serviceCode`: its service's protocol code, if it has one. */
export function smsPayload(
  rental: Pick<RentalItem, 'activationId' | 'serviceSlug' | 'countryCode'>,
  message: SmsOfRental,
  serviceCode?: string,
): WebhookPayload {
  const verified = message.verified !== false;
  return {
    activationId: rental.activationId === undefined ? null : String(rental.activationId),
    service: rental.serviceSlug ? (serviceCode ?? rental.serviceSlug) : null,
    text: message.body,
    code: verified ? message.code : null,
    country: countryIdOfIso(rental.countryCode) ?? null,
    receivedAt: message.createdAt,
    verified,
  };
}

/** The SMS-Activate rent webhook's body for an SMS to a rent (its `url`). */
export function rentSmsPayload(rentId: number, message: SmsOfRental & { id: string }): RentWebhookPayload {
  return { rentId, sms: { text: message.body, date: message.createdAt.slice(0, 19).replace('T', ' '), smsId: message.id } };
}

/** Send test: a sample SMS payload. */
export const testPayload = (now: number): WebhookPayload => ({
  activationId: null,
  service: 'test',
  text: 'NumberNest test webhook: your code is 123456',
  code: '123456',
  country: null,
  receivedAt: new Date(now).toISOString(),
  verified: true,
});
