import * as z from 'zod/mini';
import { singleLine } from './text';

/**
 * WhatsApp in Account setting: verify a number with a code sent by WhatsApp, then keep it (the
 * number the bot answers and forwarded SMS go to). The number is checked by the server
 * (libphonenumber-js); spaces, dashes and brackets are allowed and dropped, the + is required.
 */
export const whatsappVerifyRequestSchema = z.strictObject({
  number: z.string().check(z.trim(), singleLine(), z.minLength(1), z.maxLength(32), z.regex(/^\+[\d\s().-]+$/, 'Start with + and the country code.')),
});
export type WhatsAppVerifyRequest = z.infer<typeof whatsappVerifyRequestSchema>;

/** The code is 6 digits (what the WhatsApp message shows and its copy button copies). */
export const whatsappCodeLength = 6;
export const whatsappConfirmRequestSchema = z.strictObject({
  code: z.string().check(z.trim(), singleLine(), z.regex(/^\d{6}$/, '6 digits.')),
});
export type WhatsAppConfirmRequest = z.infer<typeof whatsappConfirmRequestSchema>;

export const whatsappStateSchema = z.object({
  /** The verified number (E.164), or null. */
  number: z.nullable(z.string()),
  verified_at: z.nullable(z.string()),
  /** A code sent and not yet confirmed: to which number, until when (ISO 8601). */
  pending: z.nullable(z.object({ number: z.string(), expires_at: z.string() })),
});
export type WhatsAppState = z.infer<typeof whatsappStateSchema>;

export const whatsappReplySchema = z.object({ message: z.literal('success'), data: whatsappStateSchema });
export type WhatsAppReply = z.infer<typeof whatsappReplySchema>;
