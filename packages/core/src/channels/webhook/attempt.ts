import { createHmac } from 'node:crypto';
import { webhookSignatureHeader } from '@numbernest/contracts';
import { updateItem, type Change } from '../../shared/db/item';
import { webhookDeliveryItem } from '../../shared/db/items/channels';
import { log } from '../../shared/log';
import { isLocalStage } from '../../shared/settings';
import { findConfig } from './config';
import { findDelivery } from './deliveries';
import type { WebhookDeliveryItem, WebhookJob } from './items';
import { webhookQueue, webhookTimeoutMs } from './keys';
import { connectionFailedError, isTimeout, responseResult, webhookOutcome, type AttemptResult, type WebhookOutcome } from './outcome';
import { checkWebhookUrl, pinnedAgent, type CheckedAddress, type Resolver } from '../../shared/ssrf';

/** `t={unix},v1={hex HMAC-SHA256(secret, "{t}.{body}")}` for a body at a time (seconds), sent as the contract's `webhookSignatureHeader`. */
export function signWebhook(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

export interface AttemptOptions {
  now?: number;
  resolve?: Resolver;
  /** Tests: a shorter timeout. */
  timeoutMs?: number;
}

/**
 * POSTs the signed body to the URL through a dispatcher pinned to the checked addresses; redirects
 * are not followed. A transport failure is logged in full for us and told to the owner generically.
 */
async function post(url: string, signature: string, body: string, addresses: CheckedAddress[], timeoutMs: number, job: WebhookJob): Promise<AttemptResult> {
  const dispatcher = await pinnedAgent(addresses, { timeoutMs });
  try {
    const { request } = await import('undici');
    const response = await request(url, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', 'user-agent': 'NumberNest-Webhook/1', [webhookSignatureHeader]: signature },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump().catch(() => undefined);
    return responseResult(response.statusCode);
  } catch (e) {
    if (isTimeout(e)) return { error: 'Timed out' };
    log.warn('webhook connection failed', {
      sub: job.sub,
      id: job.id,
      error: e instanceof Error ? `${e.name}: ${e.message}${e.cause instanceof Error ? ` (${e.cause.message})` : ''}` : String(e),
    });
    return { error: connectionFailedError };
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

/** The URL (a rent's own, else the saved one) checked again (SSRF), then the signed POST to an address that check accepted. */
async function send(job: WebhookJob, delivery: WebhookDeliveryItem, options: AttemptOptions): Promise<AttemptResult> {
  const config = await findConfig(job.sub);
  const url = delivery.url ?? config?.url;
  if (!url || !config?.secret) return { error: 'No webhook URL' };
  const target = await checkWebhookUrl(url, { local: isLocalStage(), resolve: options.resolve });
  if (target.problem !== null) return { error: target.problem };
  const signature = signWebhook(config.secret, delivery.body, Math.floor(Date.now() / 1000));
  return post(url, signature, delivery.body, target.addresses, options.timeoutMs ?? webhookTimeoutMs, job);
}

/** The record's change for an outcome, conditioned (by the caller) on the attempt count it read. */
function outcomeChange(outcome: WebhookOutcome, at: string): Change<WebhookDeliveryItem> {
  const { attempts } = outcome;
  if (outcome.status === 'delivered')
    return {
      set: { status: 'delivered', attempts, deliveredAt: at, statusCode: outcome.statusCode },
      remove: ['dueQueue', 'dueAt', 'nextAttemptAt', 'lastError'],
    };
  const statusCode = outcome.statusCode === undefined ? {} : { statusCode: outcome.statusCode };
  const noStatusCode = outcome.statusCode === undefined ? (['statusCode'] as const) : [];
  if (outcome.status === 'failed')
    return {
      set: { attempts, lastError: outcome.lastError, ...statusCode, status: 'failed' },
      remove: [...noStatusCode, 'dueQueue', 'dueAt', 'nextAttemptAt'],
    };
  const next = new Date(outcome.nextAttemptAt).toISOString();
  return {
    set: { attempts, lastError: outcome.lastError, ...statusCode, nextAttemptAt: next, dueQueue: webhookQueue, dueAt: next },
    remove: [...noStatusCode],
  };
}

/**
 * One attempt at a queued delivery (the queue's subscriber; the retry job's inline path): checks the
 * saved URL again (SSRF), posts the signed body to an address that check accepted, records the
 * outcome. Retries are the record's `nextAttemptAt` in `dueByTime`; after 24 hours it is `failed`.
 * Throws only on storage errors.
 */
export async function attemptWebhookDelivery(job: WebhookJob, options: AttemptOptions = {}): Promise<WebhookDeliveryItem | undefined> {
  const now = options.now ?? Date.now();
  const delivery = await findDelivery(job.sub, job.id);
  if (!delivery || delivery.status !== 'pending') return delivery;
  const outcome = webhookOutcome(await send(job, delivery, options), delivery, now);
  const recorded = await updateItem(webhookDeliveryItem, job, {
    ...outcomeChange(outcome, new Date(now).toISOString()),
    when: { status: { equals: 'pending' }, attempts: { equals: delivery.attempts } },
  });
  return recorded ?? findDelivery(job.sub, job.id); // undefined: another attempt recorded first
}
