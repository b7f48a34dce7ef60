import { randomUUID } from 'node:crypto';
import { loadHandler } from './gateway/gateway';

/** The slot @numbernest/core's webhook queue adapter (core/src/channels/webhook/queue.ts) reads (a global, so module copies agree). */
const senderSlot = Symbol.for('numbernest.webhookQueue');

/**
 * The local stand-in for the webhook SQS queue (stacks/webhooks.ts): each message runs the same
 * subscriber export, `jobs/deliver-webhook.handler`, soon after and in the background, so the SMS
 * path never waits; customer webhooks and forwarding jobs alike. Retries are the records' `nextAttemptAt` and the ticker's `retry-webhooks` job.
 */
export function startWebhookQueue(log: (line: string) => void) {
  const inFlight = new Set<Promise<unknown>>();
  const send = async (job: object): Promise<void> => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => loadHandler<{ Records: Array<{ body: string; messageId: string }> }>('jobs/deliver-webhook.handler'))
      .then((handler) => handler({ Records: [{ body: JSON.stringify(job), messageId: randomUUID() }] }, {} as never))
      .catch((error: unknown) => log(`webhook delivery failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  };
  (globalThis as Record<symbol, unknown>)[senderSlot] = send;
  return {
    /** Resolves once no job is running, including jobs the running ones queued (what a test awaits before "nothing more was sent"). */
    async idle() {
      while (inFlight.size) await Promise.allSettled(inFlight);
    },
    async stop() {
      if ((globalThis as Record<symbol, unknown>)[senderSlot] === send) delete (globalThis as Record<symbol, unknown>)[senderSlot];
      await Promise.allSettled(inFlight);
    },
  };
}
