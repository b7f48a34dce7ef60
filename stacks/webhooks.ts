import './function-defaults';
import { handlerPath } from './handlers';
import { provideLinks } from './links';
// Imported for its link: the subscriber e-mails forwarded SMS.
import './mail';

/**
 * Customer webhooks (core/channels/webhook) and forwarding (core/messaging/forwarding): every SMS to a user's numbers
 * is POSTed to their URL, and sent to each channel they forward to, through this queue, so the SMS
 * path never waits. The subscriber makes one attempt per message and keeps
 * the retry schedule on the delivery record (24 h of exponential backoff); the `RetryWebhooks`
 * cron (stacks/jobs.ts) re-enqueues due ones, as SQS delays stop at 15 minutes. A message whose
 * attempt fails on storage errors is redriven 3 times, then parked in the dead-letter queue.
 */
export const webhookDeadLetters = new sst.aws.Queue('WebhookDeadLetters', {});

export const webhookQueue = new sst.aws.Queue('WebhookQueue', {
  // Above the subscriber's timeout (10 s receiver timeout + DNS + DynamoDB).
  visibilityTimeout: '90 seconds',
  dlq: { queue: webhookDeadLetters.arn, retry: 3 },
});
provideLinks({ WebhookQueue: webhookQueue });

/**
 * The subscriber, made by stacks/api.ts once the API exists (it imports this module for the link):
 * a forwarded e-mail's unsubscribe link points at the API (API_URL), as route handlers' links do.
 */
export function subscribeWebhookQueue(apiUrl: $util.Input<string>) {
  webhookQueue.subscribe(
    { handler: handlerPath('jobs/deliver-webhook.handler'), timeout: '30 seconds', environment: { API_URL: apiUrl } },
    { batch: { size: 1, partialResponses: true } },
  );
}
