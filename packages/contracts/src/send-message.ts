import * as z from 'zod/mini';
import { multiLine, singleLine } from './text';

/** The longest text one Start Chat message may have (Twilio's own limit for a message body). */
export const maxSmsBodyLength = 1600;

/**
 * POST /user/rentals/{id}/messages (+ Idempotency-Key): Start Chat, an SMS from an active Private
 * number. Priced per segment (`@numbernest/core/sms-segments`: GSM-7 text 160 characters in one
 * segment, 153 a segment when longer; with any other character (UCS-2) 70, then 67) at the
 * destination country's price (`@numbernest/core/sms-tariff`), which also refuses destinations
 * it does not list, texts over its per-message cap, and (429) sends over the daily caps.
 * A module of its own (the reply is in rental.ts), so the send Lambda loads only this schema.
 */
export const sendMessageRequestSchema = z.strictObject({
  to: z.string().check(z.trim(), singleLine(), z.regex(/^\+[1-9]\d{6,14}$/, 'Invalid format.')),
  body: z.string().check(z.trim(), multiLine(), z.minLength(1), z.maxLength(maxSmsBodyLength)),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
