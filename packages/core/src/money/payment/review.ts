import type { OperatorRef, OpsTopUp } from '@numbernest/contracts/ops';
import {
  batchGetAll,
  countPartition,
  failedCondition,
  queryPage,
  requestPart,
  tableName,
  transactWrite,
  withoutKeys,
  type Page,
  type TransactItem,
} from '../../shared/db';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { applyLedgerTransaction } from '../ledger/apply';
import { notifyIfWanted } from '../../notifications';
import { auditPut } from '../../accounts';
import { formatDollars, toDollars } from '../../shared/pricing';
import type { TopUpItem } from './items';
import { topUpKeys } from './keys';
import type { NotificationRequest, PaymentEvent } from './provider';
import { reversibleProviders } from './reversible';
import { topUpCredit } from './credit';
import { recordStats } from '../../stats';
import { findTopUp } from './topups';

/** What a stored notification may take of a top-up item (DynamoDB allows 400 KB an item; providers send a few). */
const notificationLimit = 16_384;

/** The notification as it came: its body, or its query when it had none (Perfect Money may call with one). */
function storedNotification(request: NotificationRequest): string {
  const text = request.body.trim() ? request.body : new URLSearchParams(request.query).toString();
  return text.length > notificationLimit ? `${text.slice(0, notificationLimit)}…` : text;
}

/**
 * Sets a top-up aside for an operator: its status and the queue item `TOPUP_REVIEW` / `TOPUP#<id>`
 * change in one transaction, so the queue lists exactly the top-ups in review. What the notification
 * said is kept for the decision. Only a pending, expired or failed top-up moves (false otherwise).
 */
export async function setAsideForReview(
  topUp: TopUpItem,
  event: Extract<PaymentEvent, { kind: 'paid' }>,
  request: NotificationRequest,
  reviewReason: string,
): Promise<boolean> {
  const fields: Partial<TopUpItem> = {
    reviewReason,
    reviewedAt: new Date().toISOString(),
    providerRef: event.providerRef,
    paidCents: event.amountCents,
    paidCurrency: event.currency,
    paidMerchant: event.merchant,
    notification: storedNotification(request),
    ...(event.paymentRef ? { paymentRef: event.paymentRef } : {}),
  };
  const entries = Object.entries(fields);
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: topUpKeys.item(topUp.id),
          UpdateExpression: `SET #status = :review, ${entries.map(([name]) => `#${name} = :${name}`).join(', ')} REMOVE dueQueue, dueAt`,
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:pending, :expired, :failed)',
          ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(entries.map(([name]) => [`#${name}`, name])) },
          ExpressionAttributeValues: {
            ':review': 'review',
            ':pending': 'pending',
            ':expired': 'expired',
            ':failed': 'failed',
            ...Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
          },
        },
      },
      { Put: { TableName: tableName(), Item: { ...topUpKeys.inReview(topUp.id), topUpId: topUp.id } } },
    ]);
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

/** Only the amount may differ for an approval: money in another currency or to another account was not received as asked. */
const approvable = (topUp: TopUpItem) =>
  topUp.status === 'review' &&
  topUp.paidCents !== undefined &&
  topUp.paidCents > 0 &&
  topUp.paidCurrency?.toUpperCase() === topUp.currency.toUpperCase() &&
  topUp.paidMerchant === topUp.merchant;

/** A stored notification as JSON when it is, as its fields when it is a form, else as text. */
function parsedNotification(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text.trim())) return Object.fromEntries(new URLSearchParams(text.trim()));
    return text;
  }
}

/** The console's shape of a top-up. */
export const toOpsTopUp = (topUp: TopUpItem): OpsTopUp => ({
  id: topUp.id,
  user: { sub: topUp.sub, email: topUp.email },
  provider: topUp.provider,
  status: topUp.status,
  asked: toDollars(topUp.requestedCents ?? topUp.amountCents),
  currency: topUp.currency,
  paid: topUp.paidCents === undefined ? null : toDollars(topUp.paidCents),
  paid_currency: topUp.paidCurrency ?? null,
  paid_merchant: topUp.paidMerchant ?? null,
  review_reason: topUp.reviewReason ?? null,
  provider_ref: topUp.providerRef ?? null,
  notification: parsedNotification(topUp.notification),
  approvable: approvable(topUp),
  created_at: topUp.createdAt,
  reviewed_at: topUp.reviewedAt ?? null,
  decision: topUp.decision ? { ...topUp.decision, reason: topUp.decision.reason ?? null } : null,
});

/** The top-ups in review, newest first, a page at a time: one Query on the queue, one BatchGet of the top-ups. */
export async function listTopUpsInReview(options: { limit?: number; cursor?: string } = {}): Promise<Page<TopUpItem>> {
  const page = await queryPage<{ topUpId: string }>(
    topUpKeys.reviewQueue,
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': topUpKeys.reviewQueue }, ScanIndexForward: false },
    options.limit ?? 50,
    options.cursor,
  );
  const found = await batchGetAll<TopUpItem>(page.items.map((item) => topUpKeys.item(item.topUpId)));
  const byId = new Map(found.map((item) => [item.id, withoutKeys(item)]));
  return { ...page, items: page.items.flatMap((item) => byId.get(item.topUpId) ?? []) };
}

/** How many top-ups wait for an operator (a COUNT Query on the queue: no items read). */
export const countTopUpsInReview = (): Promise<number> => countPartition(topUpKeys.reviewQueue);

class TopUpNotInReviewError extends ConflictError {
  constructor(status: string) {
    super(`This top-up is not in review any more (it is ${status})`, 'TOP_UP_NOT_IN_REVIEW', { status });
  }
}

async function inReview(id: string): Promise<TopUpItem> {
  const topUp = await findTopUp(id);
  if (!topUp) throw new NotFoundError('Top-up not found', 'TOP_UP_NOT_FOUND');
  if (topUp.status !== 'review') throw new TopUpNotInReviewError(topUp.status);
  return topUp;
}

/** The queue item goes with the status change, conditioned on the top-up still being in review. */
const leaveReview = (topUp: TopUpItem, set: string, values: Record<string, unknown>): TransactItem[] => [
  {
    Update: {
      TableName: tableName(),
      Key: topUpKeys.item(topUp.id),
      UpdateExpression: set,
      ConditionExpression: '#status = :review',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':review': 'review', ...values },
    },
  },
  { Delete: { TableName: tableName(), Key: topUpKeys.inReview(topUp.id) } },
];

/**
 * An operator approves a top-up in review: the amount the provider paid is credited once, through
 * the ledger under the top-up's own key (`top-up:<id>`, the key a matching notification would have
 * used), with the top-up marked paid for that amount (what was asked stays as `requestedCents`),
 * the queue item gone and the audit entry, all in one transaction. Of two operators at once one
 * credits; the other gets TOP_UP_NOT_IN_REVIEW. The customer is told as for any top-up.
 */
export async function approveTopUp(id: string, operator: OperatorRef, reason?: string): Promise<TopUpItem> {
  const topUp = await inReview(id);
  if (!approvable(topUp))
    throw new ConflictError('Only an amount difference can be approved: reject a payment in another currency or to another account', 'TOP_UP_NOT_APPROVABLE', {
      reason: topUp.reviewReason ?? '',
    });
  const paidCents = topUp.paidCents!;
  const paidAt = new Date().toISOString();
  const decision = { outcome: 'approved' as const, operator, ...(reason ? { reason } : {}), at: paidAt };
  const { replayed } = await applyLedgerTransaction({
    idempotencyKey: `top-up:${topUp.id}`,
    changes: [{ ...topUpCredit(topUp, paidCents, paidAt, reversibleProviders.has(topUp.provider)), operator, ...(reason ? { reason } : {}) }],
    parts: () =>
      [
        ...leaveReview(topUp, 'SET #status = :paid, paidAt = :paidAt, amountCents = :paidCents, requestedCents = :asked, decision = :decision', {
          ':paid': 'paid',
          ':paidAt': paidAt,
          ':paidCents': paidCents,
          ':asked': topUp.amountCents,
          ':decision': decision,
        }),
        // A later dispute or refund names only the payment: this finds the top-up from it.
        ...(topUp.paymentRef
          ? [{ Put: { TableName: tableName(), Item: { ...topUpKeys.byPayment(topUp.provider, topUp.paymentRef), topUpId: topUp.id } } }]
          : []),
        auditPut({
          operator,
          action: 'top-up.approve',
          target: { type: 'top-up', id: topUp.id },
          before: { status: 'review', asked: toDollars(topUp.amountCents), paid: toDollars(paidCents), review_reason: topUp.reviewReason ?? null },
          after: { status: 'paid', credited: toDollars(paidCents) },
          ...(reason ? { reason } : {}),
        }),
      ].map((request) => requestPart(request, () => new TopUpNotInReviewError('decided'))),
  });
  // The key was used: another approval credited it first.
  if (replayed) throw new TopUpNotInReviewError('paid');
  await recordStats({ kind: 'top-up', provider: topUp.provider, cents: paidCents }); // after the commit, as a notification's credit; never throws
  return { ...topUp, status: 'paid', paidAt, amountCents: paidCents, requestedCents: topUp.amountCents, decision };
}

/** An operator rejects a top-up in review: no money moves; the reason stays on the top-up and in the audit list. */
export async function rejectTopUp(id: string, operator: OperatorRef, reason: string): Promise<TopUpItem> {
  const topUp = await inReview(id);
  const at = new Date().toISOString();
  const decision = { outcome: 'rejected' as const, operator, reason, at };
  try {
    await transactWrite([
      ...leaveReview(topUp, 'SET #status = :rejected, decision = :decision', { ':rejected': 'rejected', ':decision': decision }),
      auditPut({
        operator,
        action: 'top-up.reject',
        target: { type: 'top-up', id: topUp.id },
        before: { status: 'review', asked: toDollars(topUp.amountCents), paid: topUp.paidCents === undefined ? null : toDollars(topUp.paidCents) },
        after: { status: 'rejected', credited: 0 },
        reason,
      }),
    ]);
  } catch (error) {
    if (!failedCondition(error)) throw error;
    throw new TopUpNotInReviewError((await findTopUp(id))?.status ?? 'decided');
  }
  await tellRejected(topUp);
  return { ...topUp, status: 'rejected', decision };
}

/** The customer hears that the payment was not credited (as a credit is told), when their settings want balance news. */
async function tellRejected(topUp: TopUpItem): Promise<void> {
  const amount = formatDollars(topUp.amountCents);
  await notifyIfWanted(
    topUp.sub,
    'balance',
    {
      kind: 'top-up',
      title: 'Payment not credited',
      message: `Your $${amount} payment could not be credited. Contact support and we will sort it out with you.`,
      key: 'topUpRejected',
      params: { amount, provider: topUp.provider },
    },
    { topUpId: topUp.id },
  );
}
