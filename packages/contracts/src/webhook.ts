import * as z from 'zod/mini';
import { intSchema } from './http';

/**
 * The JSON body POSTed to a customer's webhook for each SMS reaching their numbers: the
 * SMS-Activate protocol's webhook fields plus `verified`. Signed with the user's secret in
 * `webhookSignatureHeader`: `t={unix},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`.
 */
export const webhookPayloadSchema = z
  .strictObject({
    /** The protocol's activation id as a decimal string; null for Shared and Private rentals (no activation) and the test webhook. */
    activationId: z.nullable(z.string().check(z.regex(/^\d+$/))),
    /** The protocol's service code (`tg`), the service's slug when the protocol has no code, null for Private rentals. */
    service: z.nullable(z.string()),
    text: z.string(),
    /** The one-time code found in the text; null when none, or when `verified` is false. */
    code: z.nullable(z.string()),
    /** The protocol's country id (187 for the US); null when the protocol has none for the country. */
    country: z.nullable(intSchema().check(z.nonnegative())),
    /** ISO 8601, UTC. */
    receivedAt: z.iso.datetime(),
    /** False when the sender is not one the service sends from (only the text matched): then `code` is null. */
    verified: z.boolean(),
  })
  .check(z.refine((payload) => payload.verified || payload.code === null, { message: 'An unverified SMS carries no code.', path: ['code'] }));
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookSignatureHeader = 'X-NumberNest-Signature';

/** What the server posts for an SMS to an activation (the API docs show it; tests check it parses). */
export const webhookPayloadExample: WebhookPayload = {
  activationId: '123',
  service: 'tg',
  text: 'Your Telegram code is 12345',
  code: '12345',
  country: 187,
  receivedAt: '2026-01-01T12:01:00.000Z',
  verified: true,
};
