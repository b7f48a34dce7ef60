/**
 * The scheduled jobs, as data (pure: stacks/jobs.ts makes each a CronV2; the local cloud's ticker,
 * packages/local/src/jobs.ts, runs the same handler at the same rate).
 * - `name`: the local ticker's (`POST /_local/jobs/<name>`); `cron`: the CronV2's name on AWS.
 */
export const jobSchedules = [
  /** Pending top-ups older than a day become expired (payment/topups.ts); the balance is untouched. */
  { name: 'expire-top-ups', cron: 'ExpireTopUps', handler: 'jobs/expire-top-ups.handler', everyMinutes: 15 },
  /**
   * Ends rentals whose time is up (the `dueByTime` index), refunds Temporary activations that got
   * no SMS, and sends the 24 h and 1 h reminders (core/rentals/job.ts).
   */
  { name: 'expire-rentals', cron: 'ExpireRentals', handler: 'jobs/expire-rentals.handler', everyMinutes: 1 },
  /** Customer webhook deliveries whose retry time has come go back on the queue (core/channels/webhook). */
  { name: 'retry-webhooks', cron: 'RetryWebhooks', handler: 'jobs/retry-webhooks.handler', everyMinutes: 1 },
  /**
   * Partners' agents (core/supply/agents/poll.ts): each run polls every active agent four times, 15 s
   * apart (GET_SERVICES: their stock on sale), and tells agents how their activations ended (FINISH_ACTIVATION).
   */
  { name: 'poll-agents', cron: 'PollAgents', handler: 'jobs/poll-agents.handler', everyMinutes: 1 },
  /** Upstream providers' prices and balances: their offers per country and service, fresh for 3 minutes (core/supply/upstreams/sync.ts). */
  { name: 'sync-upstreams', cron: 'SyncUpstreams', handler: 'jobs/sync-upstreams.handler', everyMinutes: 1 },
  /**
   * Upstream activations (core/messaging/upstream-codes.ts): each run asks every live one for its code
   * twelve times, 5 s apart, delivering a code as any SMS, and carries ended ones to their upstreams.
   */
  { name: 'poll-upstreams', cron: 'PollUpstreams', handler: 'jobs/poll-upstreams.handler', everyMinutes: 1 },
] as const;

export type JobName = (typeof jobSchedules)[number]['name'];
