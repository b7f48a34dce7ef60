import { retryDueWebhooks } from '@numbernest/core/webhook';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): re-enqueues webhook deliveries whose retry time has come. */
export const handler = loggedInvocation('jobs/retry-webhooks', () => retryDueWebhooks(), { result: (report) => ({ ...report }), idle: nothingCounted });
