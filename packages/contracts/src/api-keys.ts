import * as z from 'zod/mini';
import { intSchema } from './http';

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
  name: z.string().check(z.trim(), z.minLength(1, 'Give the key a name'), z.maxLength(60, 'At most 60 characters')),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** 201: the key itself, shown this once (only its hash is stored). */
export const createdApiKeyReplySchema = z.object({ message: z.literal('success'), data: apiKeySchema, key: z.string() });
export type CreatedApiKeyReply = z.infer<typeof createdApiKeyReplySchema>;

export const apiKeyParamsSchema = z.strictObject({ id: z.string().check(z.regex(/^[0-9a-z]{9}[0-9a-f]{16}$/, 'Unknown API key')) });
