import { fieldProblem } from '@numbernest/contracts';
import { randomBytes } from 'node:crypto';
import type { WebhookReply } from '@numbernest/contracts';
import { readItem, updateItem, updateItemReturningOld } from '../../shared/db/item';
import { webhookConfigItem } from '../../shared/db/items/channels';
import { ValidationError } from '../../shared/errors';
import { isLocalStage } from '../../shared/settings';
import { listWebhookDeliveries, toDeliveryView } from './deliveries';
import type { WebhookConfigItem } from './items';
import { webhookUrlProblem, type Resolver } from '../../shared/ssrf';

/** What the owner sees (the API shape of @numbernest/contracts). */
export type WebhookView = WebhookReply['data'];

/** The customer's webhook settings: URL and signing secret (strongly consistent). */
export async function findConfig(sub: string): Promise<WebhookConfigItem | undefined> {
  return readItem(webhookConfigItem, { sub }, { consistent: true });
}

/** The caller's webhook: URL, the secret (theirs, to verify with), the last 50 deliveries. */
export async function getWebhook(sub: string): Promise<WebhookView> {
  const [config, deliveries] = await Promise.all([findConfig(sub), listWebhookDeliveries(sub)]);
  return { url: config?.url ?? null, secret: config?.secret ?? null, deliveries: deliveries.map(toDeliveryView) };
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

/** The signing secret exists (made as on a first save, the URL untouched): a rent's own URL is signed with it. */
export async function ensureWebhookSecret(sub: string): Promise<void> {
  await updateItem(webhookConfigItem, { sub }, { setIfUnset: { secret: newWebhookSecret(), updatedAt: new Date().toISOString() }, ifExists: false });
}

/** Sets (or with null clears) the URL; the signing secret is made once, on the first save, and kept. */
export async function setWebhookUrl(sub: string, url: string | null, options: { resolve?: Resolver } = {}): Promise<WebhookView> {
  const clean = url?.trim() || null;
  if (clean) {
    if (clean.length > 2048)
      throw new ValidationError('The URL is too long', { url: [fieldProblem('WEBHOOK_URL_REFUSED', { reason: 'The URL is too long' })] });
    const problem = await webhookUrlProblem(clean, { local: isLocalStage(), resolve: options.resolve });
    if (problem) throw new ValidationError(problem, { url: [fieldProblem('WEBHOOK_URL_REFUSED', { reason: problem })] });
  }
  await updateItem(
    webhookConfigItem,
    { sub },
    {
      set: { updatedAt: new Date().toISOString(), ...(clean ? { url: clean } : {}) },
      setIfUnset: { secret: newWebhookSecret() },
      ...(clean ? {} : { remove: ['url' as const] }),
      ifExists: false,
    },
  );
  return getWebhook(sub);
}

/**
 * After a password reset: the URL goes (nothing more is sent until the owner sets one again) and
 * the signing secret is replaced, as whoever held the account could read it on the API page.
 * Pending deliveries then fail for want of a URL. Answers whether a URL was set.
 */
export async function revokeWebhook(sub: string): Promise<boolean> {
  // The item must exist (the default): one never set up stays absent, and answers false.
  const before = await updateItemReturningOld(
    webhookConfigItem,
    { sub },
    { set: { secret: newWebhookSecret(), updatedAt: new Date().toISOString() }, remove: ['url'] },
  );
  return typeof before?.url === 'string';
}
