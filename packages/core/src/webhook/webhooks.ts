import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookDelivery, WebhookReply } from '@numbernest/contracts';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Resource } from 'sst/resource';
import { db, queryDue, queryAtMost, tableName, withoutKeys } from '../db';
import { NotFoundError, ValidationError } from '../errors';
import { countryIdOfIso, serviceCodeOfSlug } from '../handler-api/codes';
import { timeSortableId } from '../ids';
import { log } from '../log';
import { isLocalStage } from '../message/settings';
import type { RentalItem } from '../rental/items';
import { userPartition } from '../user/keys';
import { checkWebhookUrl, pinnedAgent, webhookUrlProblem, type CheckedAddress, type Resolver } from './ssrf';

/**
 * Customer webhooks: one URL per user that gets every SMS reaching their numbers, as the protocol's
 * webhook JSON `{ activationId, service, text, code, country, receivedAt }` plus `verified` (false:
 * only the text looked like the service's, so `code` is null), signed with the user's
 * secret: `X-NumberNest-Signature: t={unix},v1={hex HMAC-SHA256(secret, "{t}.{body}")}`.
 *
 * Items (the config, each delivery, the `WEBHOOK_RETRY` queue): docs/access-patterns.md.
 *
 * Deliveries go through a queue (SQS on AWS, in-process locally), never the SMS path. A failure
 * (error, non-2xx, 10 s timeout) is retried with exponential backoff for 24 hours; the retry job
 * (every minute) re-enqueues due ones, because SQS delays stop at 15 minutes.
 */
export const webhookQueue = 'WEBHOOK_RETRY';
export const webhookTimeoutMs = 10_000;
export const webhookRetryWindowMs = 24 * 3600_000;
/** While a delivery sits in the queue, the retry job leaves it alone this long. */
const leaseMs = 2 * 60_000;
export const signatureHeader = 'X-NumberNest-Signature';

export const webhookKeys = {
  config: (sub: string) => ({ pk: userPartition(sub), sk: 'WEBHOOK' }),
  delivery: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `WEBHOOK_DELIVERY#${id}` }),
  deliveryPrefix: 'WEBHOOK_DELIVERY#',
};

export interface WebhookConfigItem {
  url?: string;
  secret: string;
  updatedAt: string;
}

export interface WebhookDeliveryItem {
  id: string;
  sub: string;
  kind: 'sms' | 'test';
  /** The exact JSON posted. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  statusCode?: number;
  attempts: number;
  lastError?: string;
  createdAt: string;
  deliveredAt?: string;
  nextAttemptAt?: string;
  dueQueue?: string;
  dueAt?: string;
}

export interface WebhookPayload {
  activationId: string | null;
  service: string | null;
  text: string;
  code: string | null;
  country: number | null;
  receivedAt: string;
  /** False when the sender is not one the service sends from (only the text matched): then `code` is null. */
  verified: boolean;
}

/** An inbound SMS as stored for a rental (the message item's fields a payload needs). */
export interface SmsOfRental {
  body: string;
  code: string | null;
  createdAt: string;
  verified?: boolean;
}

/** What the owner sees (the API shape of @numbernest/contracts). */
export type WebhookView = WebhookReply['data'];

export const toDeliveryView = (d: WebhookDeliveryItem): WebhookDelivery => ({
  id: d.id,
  kind: d.kind,
  status: d.status,
  status_code: d.statusCode ?? null,
  attempts: d.attempts,
  last_error: d.lastError ?? null,
  created_at: d.createdAt,
  delivered_at: d.deliveredAt ?? null,
  next_attempt_at: d.status === 'pending' ? (d.nextAttemptAt ?? null) : null,
});

/** `t={unix},v1={hex}` for a body at a time (seconds). */
export function signWebhook(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

/** The protocol's webhook fields of an SMS that reached a rental. */
export function smsPayload(rental: Pick<RentalItem, 'activationId' | 'serviceSlug' | 'countryCode'>, message: SmsOfRental): WebhookPayload {
  const verified = message.verified !== false;
  return {
    activationId: rental.activationId === undefined ? null : String(rental.activationId),
    service: rental.serviceSlug ? (serviceCodeOfSlug(rental.serviceSlug) ?? rental.serviceSlug) : null,
    text: message.body,
    code: verified ? message.code : null,
    country: countryIdOfIso(rental.countryCode) ?? null,
    receivedAt: message.createdAt,
    verified,
  };
}

async function findConfig(sub: string): Promise<WebhookConfigItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: webhookKeys.config(sub), ConsistentRead: true }));
  return Item && withoutKeys(Item as WebhookConfigItem);
}

async function findDelivery(sub: string, id: string): Promise<WebhookDeliveryItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: webhookKeys.delivery(sub, id), ConsistentRead: true }));
  return Item && withoutKeys(Item as WebhookDeliveryItem);
}

export async function listWebhookDeliveries(sub: string, count = 50): Promise<WebhookDeliveryItem[]> {
  const items = await queryAtMost<WebhookDeliveryItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': webhookKeys.deliveryPrefix },
      ScanIndexForward: false,
    },
    count,
  );
  return items.map((i) => withoutKeys(i));
}

/** The caller's webhook: URL, the secret (theirs, to verify with), the last 50 deliveries. */
export async function getWebhook(sub: string): Promise<WebhookView> {
  const [config, deliveries] = await Promise.all([findConfig(sub), listWebhookDeliveries(sub)]);
  return { url: config?.url ?? null, secret: config?.secret ?? null, deliveries: deliveries.map(toDeliveryView) };
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

/** Sets (or with null clears) the URL; the signing secret is made once, on the first save, and kept. */
export async function setWebhookUrl(sub: string, url: string | null, options: { resolve?: Resolver } = {}): Promise<WebhookView> {
  const clean = url?.trim() || null;
  if (clean) {
    if (clean.length > 2048) throw new ValidationError('The URL is too long', { url: ['The URL is too long'] });
    const problem = await webhookUrlProblem(clean, { local: isLocalStage(), resolve: options.resolve });
    if (problem) throw new ValidationError(problem, { url: [problem] });
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: webhookKeys.config(sub),
      UpdateExpression: `SET secret = if_not_exists(secret, :secret), updatedAt = :now${clean ? ', #url = :url' : ' REMOVE #url'}`,
      ExpressionAttributeNames: { '#url': 'url' },
      ExpressionAttributeValues: { ':secret': newWebhookSecret(), ':now': new Date().toISOString(), ...(clean ? { ':url': clean } : {}) },
    }),
  );
  return getWebhook(sub);
}

/**
 * After a password reset: the URL goes (nothing more is sent until the owner sets one again) and
 * the signing secret is replaced, as whoever held the account could read it on the API page.
 * Pending deliveries then fail for want of a URL. Answers whether a URL was set.
 */
export async function revokeWebhook(sub: string): Promise<boolean> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKeys.config(sub),
        UpdateExpression: 'SET secret = :secret, updatedAt = :now REMOVE #url',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#url': 'url' },
        ExpressionAttributeValues: { ':secret': newWebhookSecret(), ':now': new Date().toISOString() },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return typeof Attributes?.url === 'string';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false; // never set up
    throw error;
  }
}

// ---- the queue ----

export interface WebhookJob {
  sub: string;
  id: string;
}

type Sender = (job: WebhookJob) => Promise<void>;
const senderSlot = Symbol.for('numbernest.webhookQueue');

/** The local cloud's in-process queue registers itself here (packages/local/src/webhook-queue.ts). */
export function useWebhookQueue(sender: Sender | undefined): void {
  (globalThis as Record<symbol, unknown>)[senderSlot] = sender;
}

function linkedQueueUrl(): string | undefined {
  const linked = 'WebhookQueue' in Resource ? (Resource as unknown as { WebhookQueue?: { url?: string } }).WebhookQueue : undefined;
  return linked?.url;
}

/**
 * Hands a delivery to the queue: the registered one (local), SQS (linked `WebhookQueue`), or,
 * with neither (a script or a test process), an attempt right here.
 */
async function enqueue(job: WebhookJob, now: number): Promise<void> {
  const sender = (globalThis as Record<symbol, unknown>)[senderSlot] as Sender | undefined;
  if (sender) return sender(job);
  const queueUrl = linkedQueueUrl();
  if (queueUrl) {
    const { sqsSendMessage } = await import('./sqs');
    return sqsSendMessage(queueUrl, JSON.stringify(job));
  }
  await attemptWebhookDelivery(job, { now });
}

async function createDelivery(sub: string, kind: WebhookDeliveryItem['kind'], body: string, now: number): Promise<WebhookDeliveryItem> {
  const delivery: WebhookDeliveryItem = {
    id: timeSortableId(now),
    sub,
    kind,
    body,
    status: 'pending',
    attempts: 0,
    createdAt: new Date(now).toISOString(),
    nextAttemptAt: new Date(now).toISOString(),
    dueQueue: webhookQueue,
    dueAt: new Date(now + leaseMs).toISOString(),
  };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...webhookKeys.delivery(sub, delivery.id), ...delivery },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return delivery;
}

async function createAndEnqueue(sub: string, kind: WebhookDeliveryItem['kind'], body: string, now: number): Promise<WebhookDeliveryItem> {
  const delivery = await createDelivery(sub, kind, body, now);
  try {
    await enqueue({ sub, id: delivery.id }, now);
  } catch (error) {
    // Stored and due: the retry job picks it up after the lease.
    log.error('webhook enqueue failed', { sub, id: delivery.id, error: String(error) });
  }
  return delivery;
}

/**
 * After an SMS is stored for a rental (deliverInbound): a delivery to the renter's webhook, if any.
 * Never throws; the SMS path does not wait for the receiver.
 */
export async function enqueueSmsWebhook(rental: RentalItem, message: SmsOfRental, now = Date.now()): Promise<void> {
  try {
    const config = await findConfig(rental.sub);
    if (!config?.url) return;
    await createAndEnqueue(rental.sub, 'sms', JSON.stringify(smsPayload(rental, message)), now);
  } catch (error) {
    log.error('webhook not queued', { sub: rental.sub, rentalId: rental.id, error: String(error) });
  }
}

/** Send test: a sample SMS payload to the saved URL, through the same queue. */
export async function sendTestWebhook(sub: string, now = Date.now()): Promise<WebhookDelivery> {
  const config = await findConfig(sub);
  if (!config?.url) throw new ValidationError('Save a webhook URL first', { url: ['Save a webhook URL first'] });
  const payload: WebhookPayload = {
    activationId: null,
    service: 'test',
    text: 'NumberNest test webhook: your code is 123456',
    code: '123456',
    country: null,
    receivedAt: new Date(now).toISOString(),
    verified: true,
  };
  return toDeliveryView(await createAndEnqueue(sub, 'test', JSON.stringify(payload), now));
}

/** Redeliver: the same body again, as a new delivery (the old record stays as it was). */
export async function redeliverWebhook(sub: string, id: string, now = Date.now()): Promise<WebhookDelivery> {
  const old = await findDelivery(sub, id);
  if (!old) throw new NotFoundError('Delivery not found');
  const config = await findConfig(sub);
  if (!config?.url) throw new ValidationError('Save a webhook URL first', { url: ['Save a webhook URL first'] });
  return toDeliveryView(await createAndEnqueue(sub, old.kind, old.body, now));
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 hour. */
export const backoffMs = (attempts: number) => Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

export interface AttemptOptions {
  now?: number;
  resolve?: Resolver;
  /** Tests: a shorter timeout. */
  timeoutMs?: number;
}

/** What the owner sees when the connection itself failed: the socket's own words can describe our network. */
export const connectionFailedError = 'Could not connect to your endpoint';

/**
 * POSTs the signed body to the URL through a dispatcher pinned to the checked addresses; redirects
 * are not followed. A transport failure is logged in full for us and told to the owner generically.
 */
async function post(
  url: string,
  signature: string,
  body: string,
  addresses: CheckedAddress[],
  timeoutMs: number,
  job: WebhookJob,
): Promise<{ statusCode?: number; error?: string }> {
  const dispatcher = await pinnedAgent(addresses, { timeoutMs });
  try {
    const { request } = await import('undici');
    const response = await request(url, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', 'user-agent': 'NumberNest-Webhook/1', [signatureHeader]: signature },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump().catch(() => undefined);
    const statusCode = response.statusCode;
    return statusCode < 200 || statusCode > 299 ? { statusCode, error: `HTTP ${statusCode}` } : { statusCode };
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    const code = (e as { code?: string } | undefined)?.code;
    if (
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    )
      return { error: 'Timed out' };
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
  const config = await findConfig(job.sub);
  let statusCode: number | undefined;
  let error: string | undefined;
  if (!config?.url) error = 'No webhook URL';
  else {
    const target = await checkWebhookUrl(config.url, { local: isLocalStage(), resolve: options.resolve });
    if (target.problem !== null) error = target.problem;
    else {
      const signature = signWebhook(config.secret, delivery.body, Math.floor(Date.now() / 1000));
      ({ statusCode, error } = await post(config.url, signature, delivery.body, target.addresses, options.timeoutMs ?? webhookTimeoutMs, job));
    }
  }
  const attempts = delivery.attempts + 1;
  const at = new Date(now).toISOString();
  const values: Record<string, unknown> = { ':attempts': attempts, ':read': delivery.attempts, ':pending': 'pending' };
  let update: string;
  if (!error) {
    update = 'SET #status = :status, attempts = :attempts, deliveredAt = :at, statusCode = :code REMOVE dueQueue, dueAt, nextAttemptAt, lastError';
    Object.assign(values, { ':status': 'delivered', ':at': at, ':code': statusCode });
  } else {
    const next = now + backoffMs(attempts);
    const gaveUp = next > Date.parse(delivery.createdAt) + webhookRetryWindowMs;
    const sets = ['attempts = :attempts', 'lastError = :error'];
    const removes: string[] = [];
    values[':error'] = error.slice(0, 300);
    if (statusCode === undefined) removes.push('statusCode');
    else {
      sets.push('statusCode = :code');
      values[':code'] = statusCode;
    }
    if (gaveUp) {
      sets.push('#status = :status');
      values[':status'] = 'failed';
      removes.push('dueQueue', 'dueAt', 'nextAttemptAt');
    } else {
      sets.push('nextAttemptAt = :next', 'dueQueue = :queue', 'dueAt = :next');
      Object.assign(values, { ':next': new Date(next).toISOString(), ':queue': webhookQueue });
    }
    update = `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`;
  }
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKeys.delivery(job.sub, job.id),
        UpdateExpression: update,
        ConditionExpression: '#status = :pending AND attempts = :read',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes && withoutKeys(Attributes as WebhookDeliveryItem);
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return findDelivery(job.sub, job.id); // another attempt recorded first
    throw e;
  }
}

/**
 * The retry job (stacks/jobs.ts every minute; locally the ticker): every pending delivery whose
 * `nextAttemptAt` has come is leased (dueAt moves on, conditionally) and enqueued again.
 */
export async function retryDueWebhooks(now = Date.now()): Promise<{ requeued: number }> {
  const due = await queryDue<WebhookDeliveryItem & { pk: string; sk: string }>(webhookQueue, now);
  let requeued = 0;
  for (const item of due) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET dueAt = :lease',
          ConditionExpression: 'dueAt = :read AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':lease': new Date(now + leaseMs).toISOString(), ':read': item.dueAt, ':pending': 'pending' },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) continue;
      throw e;
    }
    await enqueue({ sub: item.sub, id: item.id }, now);
    requeued++;
  }
  return { requeued };
}
