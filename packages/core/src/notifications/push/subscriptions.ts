import { fieldProblem } from '@numbernest/contracts';
import type { PushSubscriptionInput } from '@numbernest/contracts/push';
import { countItems, deleteItemReturningOld, putItem, readPartition } from '../../shared/db';
import { pushSubscriptionItem, pushSubscriptionPrefix } from '../../shared/db/items/push';
import { ValidationError } from '../../shared/errors';
import { isLocalStage } from '../../shared/settings';
import { checkWebhookUrl, localHosts, type Resolver, type WebhookTarget } from '../../shared/ssrf';
import type { PushSubscriptionItem } from './items';
import { maxPushSubscriptions } from './keys';

/** The local cloud's push service stand-in (packages/local/src/push.ts). */
export const localPushPath = '/_local/push/';

/**
 * Where a push may go: the customer webhook's SSRF rules (https, never an internal address, checked
 * again before each send), and locally over http only to the local cloud's push service stand-in.
 */
export async function checkPushEndpoint(endpoint: string, options: { resolve?: Resolver } = {}): Promise<WebhookTarget> {
  const local = isLocalStage();
  const target = await checkWebhookUrl(endpoint, { local, resolve: options.resolve });
  if (target.problem) return target;
  const url = new URL(endpoint);
  if (local && localHosts.has(url.hostname) && !url.pathname.startsWith(localPushPath)) {
    return { problem: 'The URL must use https' };
  }
  return target;
}

/** Every browser the user subscribed (oldest first). */
export async function listPushSubscriptions(sub: string): Promise<PushSubscriptionItem[]> {
  const items = await readPartition(pushSubscriptionItem, { sub, endpoint: '' }, { skPrefix: pushSubscriptionPrefix });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** How many browsers get the user's pushes. */
export const countPushSubscriptions = (sub: string): Promise<number> => countItems(pushSubscriptionItem, { sub, endpoint: '' }, pushSubscriptionPrefix);

/**
 * Saves a browser's subscription (again: a re-subscription with new keys replaces the old one).
 * Beyond `maxPushSubscriptions` browsers the oldest are dropped. Answers the count.
 */
export async function savePushSubscription(
  sub: string,
  input: PushSubscriptionInput,
  options: { userAgent?: string; resolve?: Resolver } = {},
): Promise<number> {
  const endpoint = input.endpoint.trim();
  const { problem } = await checkPushEndpoint(endpoint, options);
  if (problem) throw new ValidationError(problem, { endpoint: [fieldProblem('INVALID_URL', undefined, problem)] });
  const item: PushSubscriptionItem = {
    endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    createdAt: new Date().toISOString(),
    ...(options.userAgent ? { userAgent: options.userAgent.slice(0, 256) } : {}),
  };
  await putItem(pushSubscriptionItem, { ...item, sub });
  const all = await listPushSubscriptions(sub);
  const excess = all.filter((other) => other.endpoint !== endpoint).slice(0, Math.max(0, all.length - maxPushSubscriptions));
  await Promise.all(excess.map((old) => removePushSubscription(sub, old.endpoint)));
  return all.length - excess.length;
}

/** Forgets a browser's subscription (unsubscribed, or gone at its push service); answers whether it was there. */
export async function removePushSubscription(sub: string, endpoint: string): Promise<boolean> {
  return (await deleteItemReturningOld(pushSubscriptionItem, { sub, endpoint: endpoint.trim() })) !== undefined;
}
