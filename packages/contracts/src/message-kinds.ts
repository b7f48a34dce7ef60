import * as z from 'zod/mini';

// A module of its own (as rental-id.ts): the message item type needs these, not rental.ts's reply schemas.

export const messageBoxes = ['inbox', 'sent'] as const;
export const messageBoxSchema = z.enum(messageBoxes);
export type MessageBox = z.infer<typeof messageBoxSchema>;

/**
 * A Sent message's fate: `sending` between the debit and the upstream's answer, `sent` once the
 * upstream (Twilio) accepted it, `failed` when it refused or could not be reached (then refunded).
 * Inbox messages have none.
 */
export const messageStatuses = ['sending', 'sent', 'failed'] as const;
export const messageStatusSchema = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatusSchema>;
