import * as z from 'zod/mini';
import { intSchema } from './http';
import { singleLine } from './text';

/**
 * Forwarding: each SMS a rental receives is also sent to the channels its owner turns on
 * (Account setting -> Notifications -> "Forward each SMS to"). E-mail needs a verified address;
 * the others need linking first (a Telegram chat, a WhatsApp number, a Messenger conversation, a
 * push subscription).
 */
export const forwardingChannels = ['email', 'telegram', 'whatsapp', 'messenger', 'push'] as const;
export const forwardingChannelSchema = z.enum(forwardingChannels);
export type ForwardingChannel = z.infer<typeof forwardingChannelSchema>;

/**
 * PUT /api/user/forwarding: every channel's switch (unknown fields are a 400). All required but
 * `messenger`, the newest: a client that does not know it leaves it as it is.
 */
export const forwardingSettingsSchema = z.strictObject({
  email: z.boolean(),
  telegram: z.boolean(),
  whatsapp: z.boolean(),
  messenger: z.optional(z.boolean()),
  push: z.boolean(),
});
export type ForwardingSettingsInput = z.infer<typeof forwardingSettingsSchema>;
export type ForwardingSettings = Required<ForwardingSettingsInput>;

export const defaultForwardingSettings: ForwardingSettings = { email: false, telegram: false, whatsapp: false, messenger: false, push: false };

/** The switches and what each channel is linked to. */
export const forwardingSchema = z.object({
  email: z.boolean(),
  telegram: z.boolean(),
  whatsapp: z.boolean(),
  messenger: z.boolean(),
  push: z.boolean(),
  telegram_linked: z.boolean(),
  /** The verified WhatsApp number (E.164), or null. */
  whatsapp_number: z.nullable(z.string()),
  /** A Messenger conversation is linked. */
  messenger_linked: z.boolean(),
  /** Browsers subscribed to Web Push. */
  push_subscriptions: intSchema().check(z.nonnegative()),
});
export type Forwarding = z.infer<typeof forwardingSchema>;

export const forwardingReplySchema = z.object({ message: z.literal('success'), data: forwardingSchema });
export type ForwardingReply = z.infer<typeof forwardingReplySchema>;

/**
 * One channel's delivery of one SMS, shown on the message: `queued` until a send succeeds
 * (`attempts` counts the tries, retried with backoff), `sent`, or `failed` once retries are given
 * up (or the channel could not take it at all). `error`: why the last try failed, in the
 * `forwardingErrors` words, for the web to translate.
 */
export const forwardingErrors = ['send-failed', 'turned-off', 'not-linked', 'email-not-verified', 'not-available'] as const;
export const forwardingDeliverySchema = z.object({
  channel: forwardingChannelSchema,
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: intSchema().check(z.nonnegative()),
  error: z.optional(z.enum(forwardingErrors)),
  /** When it was sent, or last tried. */
  updated_at: z.string(),
});
export type ForwardingDelivery = z.infer<typeof forwardingDeliverySchema>;

/** The unsubscribe link's token (`GET|POST /api/unsubscribe/email?token=`). */
export const unsubscribeQuerySchema = z.strictObject({ token: z.string().check(singleLine(), z.minLength(1), z.maxLength(400)) });
