import type { OperatorRef, OpsTopUp } from '@numbernest/contracts/ops';
import { countItems, readItems, readPage, transact, txDelete, txPut, txUpdate, type Change, type Page, type TransactPart } from '../../shared/db';
import { topUpInReviewItem, topUpItem, topUpOfPaymentItem } from '../../shared/db/items/money';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { applyLedgerTransaction } from '../ledger/apply';
import { notifyIfWanted } from '../../notifications';
import { auditPart } from '../../accounts';
import { formatDollars, toDollars } from '../../shared/pricing';
import type { TopUpItem } from './items';
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
  try {
    await transact([
      txUpdate(
        topUpItem,
        { id: topUp.id },
        {
          set: { ...fields, status: 'review' },
          remove: ['dueQueue', 'dueAt'],
          when: { status: { oneOf: ['pending', 'expired', 'failed'] } },
          onConditionFailed: () => new NotMovable(),
        },
      ),
      txPut(topUpInReviewItem, { topUpId: topUp.id }, { onConditionFailed: () => new NotMovable() }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof NotMovable) return false;
    throw error;
  }
}

/** The top-up is no longer pending, expired or failed: it stays as it is. */
class NotMovable extends Error {}

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
  const page = await readPage(topUpInReviewItem, { topUpId: '' }, options.limit ?? 50, options.cursor, { descending: true });
  const found = await readItems(
    topUpItem,
    page.items.map((item) => ({ id: item.topUpId })),
  );
  const byId = new Map(found.map((item) => [item.id, item]));
  return { ...page, items: page.items.flatMap((item) => byId.get(item.topUpId) ?? []) };
}

/** How many top-ups wait for an operator (a COUNT Query on the queue: no items read). */
export const countTopUpsInReview = (): Promise<number> => countItems(topUpInReviewItem, { topUpId: '' });

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
const leaveReview = (topUp: TopUpItem, set: Change<TopUpItem>['set'], onConditionFailed: (current: TopUpItem | undefined) => Error): TransactPart[] => [
  txUpdate(topUpItem, { id: topUp.id }, { set, when: { status: { equals: 'review' } }, onConditionFailed }),
  txDelete(topUpInReviewItem, { topUpId: topUp.id }, { onConditionFailed: () => onConditionFailed(undefined) }),
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
    parts: () => {
      const decided = () => new TopUpNotInReviewError('decided');
      return [
        ...leaveReview(topUp, { status: 'paid', paidAt, amountCents: paidCents, requestedCents: topUp.amountCents, decision }, decided),
        // A later dispute or refund names only the payment: this finds the top-up from it.
        ...(topUp.paymentRef
          ? [txPut(topUpOfPaymentItem, { provider: topUp.provider, paymentRef: topUp.paymentRef, topUpId: topUp.id }, { onConditionFailed: decided })]
          : []),
        auditPart(
          {
            operator,
            action: 'top-up.approve',
            target: { type: 'top-up', id: topUp.id },
            before: { status: 'review', asked: toDollars(topUp.amountCents), paid: toDollars(paidCents), review_reason: topUp.reviewReason ?? null },
            after: { status: 'paid', credited: toDollars(paidCents) },
            ...(reason ? { reason } : {}),
          },
          undefined,
          decided,
        ),
      ];
    },
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
  // Decided meanwhile: the top-up as it is says how.
  const decidedAs = (current: TopUpItem | undefined) => new TopUpNotInReviewError(current?.status ?? 'decided');
  await transact([
    ...leaveReview(topUp, { status: 'rejected', decision }, decidedAs),
    auditPart(
      {
        operator,
        action: 'top-up.reject',
        target: { type: 'top-up', id: topUp.id },
        before: { status: 'review', asked: toDollars(topUp.amountCents), paid: topUp.paidCents === undefined ? null : toDollars(topUp.paidCents) },
        after: { status: 'rejected', credited: 0 },
        reason,
      },
      undefined,
      () => new TopUpNotInReviewError('decided'),
    ),
  ]);
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
