import { retryDueForwards } from '@numbernest/core/messaging';
import { retryDueWebhooks } from '@numbernest/core/channels';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): re-enqueues webhook deliveries and forwarding jobs whose time has come. */
export const handler = loggedInvocation(
  'jobs/retry-webhooks',
  async () => {
    const [webhooks, forwards] = await Promise.all([retryDueWebhooks(), retryDueForwards()]);
    return { requeued: webhooks.requeued, forwardsRequeued: forwards.requeued };
  },
  { result: (report) => ({ ...report }), idle: nothingCounted },
);
