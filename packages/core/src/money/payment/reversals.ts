import { holdEventUpdate } from '../account-hold/holds';
import { createItem, readItem, retryOnConflict, tryAgain, txPutNew, txUpdate, updateItem, type Change } from '../../shared/db';
import { disputeItem, topUpItem, topUpOfPaymentItem } from '../../shared/db/items/money';
import { applyCardReversal, applyLedgerTransaction } from '../ledger/apply';
import { formatDollars, type Cents } from '../../shared/pricing';
import type { DisputeItem, TopUpItem } from './items';
import type { PaymentAdapter, ReversalEvent } from './provider';
import { findTopUp } from './topups';

/**
 * Card money the provider took back from us, taken back from the balance it was credited to.
 *
 * - A dispute opening debits the disputed amount (`chargeback`) and puts the account on hold.
 * - A refund debits what it adds to the payment's running refunded total (`card-refund`), so two
 *   partial refunds are two debits and a replayed event none; it puts the account on hold only
 *   when the balance is left below zero (money owed), as a refund is the merchant's own act.
 * - A dispute closing `won` (the bank sided with us and the provider returned the money) or
 *   `warning_closed` (an inquiry that never became a chargeback) credits the debit back
 *   (`chargeback-reversal`); `lost` records the outcome, the money stays taken. Closing never lifts
 *   the hold: an operator does (account-hold/releaseHold).
 *
 * Each is one ledger transaction with its idempotency key (`chargeback:<provider>:<dispute>`,
 * `card-refund:<provider>:<charge>:<running total>`, `chargeback-closed:<provider>:<dispute>`)
 * and conditions on the top-up, so replays and concurrent deliveries move money once, and the
 * money taken back from one top-up never exceeds what it credited.
 */
export type ReversalOutcome = 'reversed' | 'restored' | 'recorded' | 'ignored' | 'refused';

export async function settleReversal(adapter: PaymentAdapter, event: ReversalEvent): Promise<{ outcome: ReversalOutcome; topUpId?: string; detail?: string }> {
  const topUp = await topUpOfPayment(adapter, event.paymentRef);
  if (!topUp) return { outcome: 'refused', detail: 'unknown payment' };
  const done = (outcome: ReversalOutcome, detail?: string) => ({ outcome, topUpId: topUp.id, ...(detail ? { detail } : {}) });
  if (topUp.status !== 'paid') return done('ignored', `top-up is ${topUp.status}: nothing was credited to take back`);
  if (event.currency.toUpperCase() !== topUp.currency.toUpperCase()) return done('ignored', `currency ${event.currency} is not the top-up's ${topUp.currency}`);

  return retryOnConflict(
    async (attempt) => {
      const current = attempt === 1 ? topUp : ((await findTopUp(topUp.id)) ?? topUp);
      switch (event.type) {
        case 'dispute-opened':
          return done(...(await openDispute(current, event)));
        case 'dispute-closed': {
          const dispute = await findDispute(current.id, event.disputeId);
          // Closed without the opening ever reaching us: take it as opened first, then close it.
          if (!dispute) {
            await openDispute(current, { ...event, type: 'dispute-opened' });
            return tryAgain;
          }
          return done(...(await closeDispute(current, dispute, event)));
        }
        case 'refunded':
          return done(...(await refund(current, event)));
      }
    },
    // Another reversal of the same top-up won the race: read it again and redo the arithmetic.
    { attempts: 10, retryOn: (error) => error instanceof TopUpChanged },
  );
}

type Result = [ReversalOutcome, string?];

async function openDispute(topUp: TopUpItem, event: Extract<ReversalEvent, { type: 'dispute-opened' }>): Promise<Result> {
  const amountCents = Math.min(event.amountCents, room(topUp));
  const at = new Date().toISOString();
  const dispute: DisputeItem = {
    disputeId: event.disputeId,
    topUpId: topUp.id,
    sub: topUp.sub,
    provider: topUp.provider,
    debitedCents: amountCents,
    reason: event.reason,
    status: 'open',
    openedAt: at,
  };
  if (amountCents === 0) {
    // Everything this top-up credited was taken back already (refunded): only the dispute is kept (once).
    await createItem(disputeItem, dispute);
    return ['recorded', 'nothing left to take back'];
  }
  const amount = formatDollars(amountCents);
  const params = { amount, provider: topUp.provider };
  const { replayed } = await applyCardReversal({
    idempotencyKey: `chargeback:${topUp.provider}:${event.disputeId}`,
    change: {
      sub: topUp.sub,
      amountCents: -amountCents,
      kind: 'chargeback',
      reference: topUp.id,
      description: { key: 'chargeback', params },
      notify: {
        topic: 'balance',
        content: {
          kind: 'chargeback',
          title: 'Card payment disputed',
          message: `Your bank disputed a card top-up: $${amount} was taken from your balance and your account is on hold until our team reviews it.`,
          key: 'chargeback',
          params,
        },
      },
    },
    hold: 'always',
    holdReason: `dispute ${event.disputeId} (${event.reason}) of top-up ${topUp.id}`,
    parts: () => [
      txPutNew(disputeItem, dispute, () => new AlreadyDone()),
      txUpdate(topUpItem, { id: topUp.id }, { ...reversedChange(topUp, amountCents), onConditionFailed: () => new TopUpChanged() }),
      holdEventUpdate(
        topUp.sub,
        topUp.email,
        { kind: 'chargeback', reference: event.disputeId, topUpId: topUp.id, provider: topUp.provider, amountCents, at, reason: event.reason },
        () => new TopUpChanged(),
      ),
    ],
  }).catch(alreadyDone);
  return replayed ? ['ignored', 'dispute already recorded'] : ['reversed'];
}

async function closeDispute(topUp: TopUpItem, dispute: DisputeItem, event: Extract<ReversalEvent, { type: 'dispute-closed' }>): Promise<Result> {
  if (dispute.status !== 'open') return ['ignored', 'dispute already closed'];
  const closedAt = new Date().toISOString();
  const key = { topUpId: topUp.id, disputeId: dispute.disputeId };
  const close: Change<DisputeItem> = { set: { status: 'closed', outcome: event.status, closedAt }, when: { status: { equals: 'open' } } };
  const returned = (event.status === 'won' || event.status === 'warning_closed') && dispute.debitedCents > 0;
  if (!returned) {
    if (!(await updateItem(disputeItem, key, close))) return ['ignored', 'dispute already closed'];
    return ['recorded', `dispute ${event.status}`];
  }
  const amount = formatDollars(dispute.debitedCents);
  const params = { amount, provider: topUp.provider };
  const { replayed } = await applyLedgerTransaction({
    idempotencyKey: `chargeback-closed:${topUp.provider}:${dispute.disputeId}`,
    changes: [
      {
        sub: topUp.sub,
        amountCents: dispute.debitedCents,
        kind: 'chargeback-reversal',
        reference: topUp.id,
        description: { key: 'chargebackReversal', params },
        allowDeletedAccount: true, // the money is ours again and belongs to the account, deleted or not
        notify: {
          topic: 'balance',
          content: {
            kind: 'chargeback-reversal',
            title: 'Card dispute closed',
            message: `The card dispute is closed: $${amount} is back on your balance.`,
            key: 'chargebackReversal',
            params,
          },
        },
      },
    ],
    parts: () => [
      txUpdate(disputeItem, key, { ...close, onConditionFailed: () => new AlreadyDone() }),
      txUpdate(topUpItem, { id: topUp.id }, { ...reversedChange(topUp, -dispute.debitedCents), onConditionFailed: () => new TopUpChanged() }),
    ],
  }).catch(alreadyDone);
  return replayed ? ['ignored', 'dispute already closed'] : ['restored', `dispute ${event.status}`];
}

async function refund(topUp: TopUpItem, event: Extract<ReversalEvent, { type: 'refunded' }>): Promise<Result> {
  const seen = topUp.refundedCents ?? 0;
  if (event.refundedCents <= seen) return ['ignored', 'refund already taken'];
  const amountCents = Math.min(event.refundedCents - seen, room(topUp));
  const at = new Date().toISOString();
  const amount = formatDollars(amountCents);
  const params = { amount, provider: topUp.provider };
  const refundedChange = { ...reversedChange(topUp, amountCents, event.refundedCents), onConditionFailed: () => new TopUpChanged() };
  if (amountCents === 0) {
    // Everything this top-up credited was taken back already (by a dispute): only note the total.
    await updateItem(topUpItem, { id: topUp.id }, refundedChange);
    return ['recorded', 'nothing left to take back'];
  }
  const { replayed } = await applyCardReversal({
    idempotencyKey: `card-refund:${topUp.provider}:${event.chargeId}:${event.refundedCents}`,
    change: {
      sub: topUp.sub,
      amountCents: -amountCents,
      kind: 'card-refund',
      reference: topUp.id,
      description: { key: 'cardRefund', params },
      notify: {
        topic: 'balance',
        content: {
          kind: 'card-refund',
          title: 'Card top-up refunded',
          message: `$${amount} of a card top-up was refunded to your card and taken from your balance.`,
          key: 'cardRefund',
          params,
        },
      },
    },
    hold: 'if-owed',
    holdReason: `refund of charge ${event.chargeId} (top-up ${topUp.id}) left money owed`,
    parts: (entries) => [
      txUpdate(topUpItem, { id: topUp.id }, refundedChange),
      ...(entries[0]!.balanceAfterCents < 0
        ? [
            holdEventUpdate(
              topUp.sub,
              topUp.email,
              { kind: 'card-refund', reference: event.chargeId, topUpId: topUp.id, provider: topUp.provider, amountCents, at },
              () => new TopUpChanged(),
            ),
          ]
        : []),
    ],
  });
  return replayed ? ['ignored', 'refund already taken'] : ['reversed'];
}

/** What may still be taken back from this top-up. */
const room = (topUp: TopUpItem): Cents => Math.max(0, topUp.amountCents - (topUp.reversedCents ?? 0));

/**
 * The top-up's share of a reversal: `reversedCents` moves by `deltaCents` from exactly the value
 * read (so two reversals at once cannot both use the same room), and a refund's running total is
 * kept the same way.
 */
function reversedChange(topUp: TopUpItem, deltaCents: Cents, refundedCents?: Cents): Change<TopUpItem> {
  const unchanged = (value: Cents | undefined) => (value === undefined ? { absent: true as const } : { equals: value });
  return {
    set: { reversedCents: (topUp.reversedCents ?? 0) + deltaCents, ...(refundedCents === undefined ? {} : { refundedCents }) },
    when: {
      status: { equals: 'paid' },
      reversedCents: unchanged(topUp.reversedCents),
      ...(refundedCents === undefined ? {} : { refundedCents: unchanged(topUp.refundedCents) }),
    },
  };
}

/** The top-up a payment belongs to: the lookup item written when it was credited, else the provider's answer. */
async function topUpOfPayment(adapter: PaymentAdapter, paymentRef: string): Promise<TopUpItem | undefined> {
  const pointer = await readItem(topUpOfPaymentItem, { provider: adapter.id, paymentRef }, { consistent: true });
  const topUpId = pointer?.topUpId ?? (await adapter.findTopUpIdOfPayment?.(paymentRef));
  const topUp = topUpId ? await findTopUp(topUpId) : undefined;
  return topUp?.provider === adapter.id ? topUp : undefined;
}

async function findDispute(topUpId: string, disputeId: string): Promise<DisputeItem | undefined> {
  return readItem(disputeItem, { topUpId, disputeId }, { consistent: true });
}

/** The dispute item was written (or closed) already: this event changes nothing. */
class AlreadyDone extends Error {}
/** The top-up's totals moved since they were read. */
class TopUpChanged extends Error {}

const alreadyDone = (error: unknown): { replayed: true } => {
  if (error instanceof AlreadyDone) return { replayed: true };
  throw error;
};
