import * as z from 'zod/mini';
import { intSchema } from './http';
import { singleLine } from './text';

/** Account setting -> API: keys of the SMS-Activate-compatible handler_api (`/stubs/handler_api.php`). */
export const maxApiKeys = 5;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysReplySchema = z.object({ message: z.literal('success'), data: z.array(apiKeySchema), max: intSchema() });
export type ApiKeysReply = z.infer<typeof apiKeysReplySchema>;

export const createApiKeyRequestSchema = z.strictObject({
  name: z.string().check(z.trim(), singleLine(), z.minLength(1, 'Give the key a name'), z.maxLength(60, 'At most 60 characters')),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** 201: the key itself, shown this once (only its hash is stored). */
export const createdApiKeyReplySchema = z.object({ message: z.literal('success'), data: apiKeySchema, key: z.string() });
export type CreatedApiKeyReply = z.infer<typeof createdApiKeyReplySchema>;

export const apiKeyParamsSchema = z.strictObject({ id: z.string().check(singleLine(), z.regex(/^[0-9a-z]{9}[0-9a-f]{16}$/, 'Unknown API key')) });

/** Account setting -> API -> Webhook: one URL per user that gets every SMS to their numbers, signed. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  kind: z.enum(['sms', 'test']),
  status: z.enum(['pending', 'delivered', 'failed']),
  status_code: z.nullable(intSchema()),
  attempts: intSchema(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The URL, the signing secret (the owner's, to verify with) and the last deliveries. */
export const webhookReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({ url: z.nullable(z.string()), secret: z.nullable(z.string()), deliveries: z.array(webhookDeliverySchema) }),
});
export type WebhookReply = z.infer<typeof webhookReplySchema>;

/** PUT: an https URL (checked by the server: no private addresses), or null / "" to stop. */
export const setWebhookRequestSchema = z.strictObject({ url: z.nullable(z.string().check(singleLine(), z.maxLength(2048))) });
export type SetWebhookRequest = z.infer<typeof setWebhookRequestSchema>;

/** 202: a delivery queued (Send test, Redeliver). */
export const webhookDeliveryReplySchema = z.object({ message: z.literal('success'), data: webhookDeliverySchema });
export type WebhookDeliveryReply = z.infer<typeof webhookDeliveryReplySchema>;

export const webhookDeliveryParamsSchema = z.strictObject({ id: z.string().check(singleLine(), z.regex(/^[0-9a-z]{6,40}$/, 'Unknown delivery')) });
