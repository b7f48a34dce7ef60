import { createHash } from 'node:crypto';
import { userPartition } from '../../accounts';

/**
 * A user's Web Push subscriptions (one per browser that said yes), in the user's partition, keyed
 * by a hash of the push service's endpoint (an endpoint is up to 2 KB; a key is not).
 */
export const pushSubscriptionPrefix = 'PUSH_SUB#';

export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

export const pushKeys = {
  subscription: (sub: string, endpoint: string) => ({ pk: userPartition(sub), sk: `PUSH_SUB#${endpointHash(endpoint)}` }),
};

/** The most browsers one account keeps subscribed; a new one beyond it replaces the oldest. */
export const maxPushSubscriptions = 20;
/** How long a push service keeps a push for an offline browser: a code is stale after that. */
export const pushTtlSeconds = 15 * 60;
export const pushTimeoutMs = 10_000;
