/** The most browsers one account keeps subscribed; a new one beyond it replaces the oldest. */
export const maxPushSubscriptions = 20;
/** How long a push service keeps a push for an offline browser: a code is stale after that. */
export const pushTtlSeconds = 15 * 60;
export const pushTimeoutMs = 10_000;
