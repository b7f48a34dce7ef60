import { revokeAllApiKeys } from '@numbernest/core/developer';
import { revokeWebhook } from '@numbernest/core/channels';

/**
 * What was made under the account for machines stops working: every API key is revoked and the
 * SMS webhook's URL cleared (its secret replaced). A password reset always does it; a password
 * change when asked. Each part is idempotent, so a failure is retried by calling again.
 */
export async function revokeApiAccess(sub: string): Promise<{ apiKeys: number; webhook: boolean }> {
  const [apiKeys, webhook] = await Promise.all([revokeAllApiKeys(sub), revokeWebhook(sub)]);
  return { apiKeys, webhook };
}
