import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, withoutKeys } from '../../shared/db';
import { log } from '../../shared/log';
import type { MessageItem } from '../items';
import { messageKeys } from '../keys';
import { findRental } from '../../rentals';
import { findUser } from '../../accounts';
import { backoffMs } from '../../channels';
import type { SendOutcome } from './channel';
import type { ForwardJob, ForwardRecord, MessageForwardState } from './items';
import { forwardKeys, forwardLeaseMs, forwardQueue, forwardRetryWindowMs } from './keys';
import { senderOf } from './senders';
import { forwardingOf } from './switches';

export async function findForwardRecord(job: Pick<ForwardJob, 'sub' | 'messageId' | 'channel'>): Promise<ForwardRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: forwardKeys.record(job.sub, job.messageId, job.channel), ConsistentRead: true }),
  );
  return Item && withoutKeys(Item as ForwardRecord);
}

/**
 * The claim before sending: the record becomes `sending` (this attempt's), only if it is `queued`
 * (new, or failed before and due again) or an attempt's claim went stale (it crashed mid-send).
 * Undefined: someone else holds it, or it was sent or given up: nothing to send.
 */
async function claim(job: ForwardJob, now: number): Promise<ForwardRecord | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: forwardKeys.record(job.sub, job.messageId, job.channel),
        UpdateExpression: 'SET #status = :sending, claimedAt = :now, dueAt = :lease ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND (#status = :queued OR (#status = :sending AND claimedAt < :stale))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':queued': 'queued',
          ':now': new Date(now).toISOString(),
          ':lease': new Date(now + forwardLeaseMs).toISOString(),
          ':stale': new Date(now - forwardLeaseMs).toISOString(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys(Attributes as ForwardRecord);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

async function send(job: ForwardJob, attempt: number): Promise<SendOutcome> {
  const [user, message] = await Promise.all([findUser(job.sub), findMessage(job)]);
  if (!user || user.deletedAt || !message) return { ok: false, error: 'not-available', retry: false };
  if (!forwardingOf(user)[job.channel]) return { ok: false, error: 'turned-off', retry: false };
  const sender = await senderOf(job.channel);
  if (!sender) return { ok: false, error: 'not-available', retry: false };
  const rental = await findRental(job.sub, message.rentalId);
  try {
    return await sender.send({ job, user, message, rental, attempt });
  } catch (error) {
    return { ok: false, error: 'send-failed', retry: true, detail: error instanceof Error ? error.message : String(error) };
  }
}

async function findMessage(job: ForwardJob): Promise<MessageItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: messageKeys.item(job.sub, job.messageId), ConsistentRead: true }));
  return Item && withoutKeys(Item as MessageItem);
}

/** The record's update for an outcome (conditioned on this attempt's claim), and the state the message shows. */
function outcomeUpdate(record: ForwardRecord, outcome: SendOutcome, now: number) {
  const at = new Date(now).toISOString();
  if (outcome.ok) {
    return {
      expression: `SET #status = :status, sentAt = :at${outcome.providerId ? ', providerId = :provider' : ''} REMOVE dueQueue, dueAt, claimedAt, nextAttemptAt, lastError`,
      values: { ':status': 'sent', ':at': at, ...(outcome.providerId ? { ':provider': outcome.providerId } : {}) },
      state: { status: 'sent', attempts: record.attempts, updatedAt: at } satisfies MessageForwardState,
    };
  }
  const next = now + backoffMs(record.attempts);
  if (outcome.retry && next <= Date.parse(record.createdAt) + forwardRetryWindowMs) {
    const nextAt = new Date(next).toISOString();
    return {
      expression: 'SET #status = :status, lastError = :error, nextAttemptAt = :next, dueQueue = :queue, dueAt = :next REMOVE claimedAt',
      values: { ':status': 'queued', ':error': outcome.error, ':next': nextAt, ':queue': forwardQueue },
      state: { status: 'queued', attempts: record.attempts, error: outcome.error, updatedAt: at } satisfies MessageForwardState,
    };
  }
  return {
    expression: 'SET #status = :status, lastError = :error REMOVE dueQueue, dueAt, claimedAt, nextAttemptAt',
    values: { ':status': 'failed', ':error': outcome.error },
    state: { status: 'failed', attempts: record.attempts, error: outcome.error, updatedAt: at } satisfies MessageForwardState,
  };
}

/**
 * One attempt at a forwarding job (the queue's subscriber): exactly once per SMS and channel.
 * The record is claimed before sending and marked after: a duplicate job finds it sent (or being
 * sent) and sends nothing; a failure puts it back to `queued` with the next try after the
 * webhooks' backoff (for an hour; then `failed`), so the retry sends again. An attempt that dies
 * mid-send leaves a claim that goes stale after the lease: then it is tried again (an e-mail may
 * then arrive twice, rather than never). The message's state follows each outcome. Throws only on
 * storage errors.
 */
export async function attemptForward(job: ForwardJob, options: { now?: number } = {}): Promise<ForwardRecord | undefined> {
  const now = options.now ?? Date.now();
  const record = await claim(job, now);
  if (!record) return findForwardRecord(job);
  const outcome = await send(job, record.attempts);
  if (!outcome.ok)
    log.warn('forwarding attempt failed', {
      sub: job.sub,
      messageId: job.messageId,
      channel: job.channel,
      attempts: record.attempts,
      error: outcome.error,
      detail: outcome.detail,
    });
  const update = outcomeUpdate(record, outcome, Date.now());
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: forwardKeys.record(job.sub, job.messageId, job.channel),
        UpdateExpression: update.expression,
        ConditionExpression: '#status = :sending AND attempts = :attempts',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...update.values, ':sending': 'sending', ':attempts': record.attempts },
      }),
    );
  } catch (error) {
    // Our claim went stale and another attempt took it over: its outcome is the one recorded.
    if (error instanceof ConditionalCheckFailedException) return findForwardRecord(job);
    throw error;
  }
  await showOnMessage(job, update.state);
  return findForwardRecord(job);
}

/** The message's per-channel state (the rental page shows it); best effort: the record is the truth. */
async function showOnMessage(job: ForwardJob, state: MessageForwardState): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKeys.item(job.sub, job.messageId),
        UpdateExpression: 'SET forwarding.#channel = :state',
        ConditionExpression: 'attribute_exists(forwarding)',
        ExpressionAttributeNames: { '#channel': job.channel },
        ExpressionAttributeValues: { ':state': state },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException))
      log.error('forwarding state not shown', { sub: job.sub, messageId: job.messageId, error: String(error) });
  }
}
