import type { PaymentProvider, TopUpStatus } from '@numbernest/contracts';
import { txPut, txUpdate } from '../../shared/db';
import { topUpItem, topUpOfPaymentItem } from '../../shared/db/items/money';
import { SignatureError, UpstreamError, ValidationError } from '../../shared/errors';
import { findUser, type UserItem } from '../../accounts';
import { applyLedgerTransaction } from '../ledger/apply';
import { log as logger } from '../../shared/log';
import { formatDollars } from '../../shared/pricing';
import { recordStats } from '../../stats';
import { adapters } from './adapters';
import { topUpCredit } from './credit';
import type { TopUpItem } from './items';
import type { NotificationRequest, PaymentEvent, ProviderReply } from './provider';
import { setAsideForReview } from './review';
import { settleReversal } from './reversals';
import { findTopUp, moveStatus } from './topups';

export type SettleOutcome =
  'credited' | 'already-credited' | 'failed' | 'review' | 'ignored' | 'refused' | 'unavailable' | 'reversed' | 'restored' | 'recorded';

/** One JSON line per notification, for operators: what came, what was done. */
function log(level: 'info' | 'warn', fields: Record<string, unknown>) {
  logger[level]('payment notification', fields);
}

/**
 * A provider's notification, end to end: verify it (a forgery is refused, nothing stored), find
 * the pending top-up, check amount, currency and merchant against it, then credit it exactly once
 * (the ledger's idempotency key `top-up:<id>`, with the top-up marked paid in the same
 * transaction). Replays and concurrent duplicates are answered as the first was. A mismatch
 * credits nothing and sets the top-up aside for review. The reply is in the provider's format.
 */
export async function settleNotification(provider: PaymentProvider, request: NotificationRequest): Promise<{ reply: ProviderReply; outcome: SettleOutcome }> {
  const adapter = adapters[provider];
  let event: PaymentEvent;
  try {
    event = await adapter.parseNotification(request);
  } catch (error) {
    if (error instanceof UpstreamError) {
      // What verifying needs from the provider (Binance's keys) is out of reach: the provider retries a 503.
      log('warn', { provider, outcome: 'unavailable', reason: error.message });
      return { reply: adapter.refuse(503, 'Cannot verify the notification right now; retry later'), outcome: 'unavailable' };
    }
    if (!(error instanceof SignatureError || error instanceof ValidationError)) throw error;
    log('warn', { provider, outcome: 'refused', reason: error.message });
    return { reply: adapter.refuse(400, error.message), outcome: 'refused' };
  }
  if (event.kind === 'reversal') {
    const { outcome, topUpId, detail } = await settleReversal(adapter, event.reversal);
    log(outcome === 'refused' || outcome === 'reversed' ? 'warn' : 'info', {
      provider,
      outcome,
      topUpId,
      reversal: event.reversal,
      ...(detail ? { reason: detail } : {}),
    });
    return { reply: outcome === 'refused' ? adapter.refuse(404, 'Unknown payment', event) : adapter.acknowledge(event), outcome };
  }
  if (event.kind === 'ignored') {
    log('info', { provider, outcome: 'ignored', topUpId: event.topUpId, reason: event.reason });
    return { reply: adapter.acknowledge(event), outcome: 'ignored' };
  }

  // The owner the provider echoed is read beside the top-up, so a payment is credited one read round after it arrives.
  const [topUp, hintedOwner] = await Promise.all([
    findTopUp(event.topUpId),
    event.kind === 'paid' && event.accountHint ? findUser(event.accountHint).catch(() => undefined) : undefined,
  ]);
  if (!topUp || topUp.provider !== provider) {
    log('warn', { provider, outcome: 'refused', topUpId: event.topUpId, reason: 'unknown top-up' });
    return { reply: adapter.refuse(404, 'Unknown top-up', event), outcome: 'refused' };
  }

  const outcome = event.kind === 'failed' ? await markFailed(topUp, event.providerRef) : await credit(topUp, event, request, hintedOwner);
  log(outcome === 'review' ? 'warn' : 'info', { provider, outcome, topUpId: topUp.id, providerRef: event.providerRef });
  return { reply: adapter.acknowledge(event), outcome };
}

async function markFailed(topUp: TopUpItem, providerRef: string): Promise<SettleOutcome> {
  const moved = await moveStatus(topUp.id, ['pending'], 'failed', { providerRef });
  return moved ? 'failed' : 'ignored';
}

/** What does not match the pending top-up, in words (empty when it all matches). */
function mismatches(topUp: TopUpItem, event: Extract<PaymentEvent, { kind: 'paid' }>): string[] {
  const found: string[] = [];
  if (event.amountCents !== topUp.amountCents) found.push(`amount ${formatDollars(event.amountCents)} instead of ${formatDollars(topUp.amountCents)}`);
  if (event.currency.toUpperCase() !== topUp.currency.toUpperCase()) found.push(`currency ${event.currency} instead of ${topUp.currency}`);
  if (event.merchant !== topUp.merchant) found.push(`merchant ${event.merchant} instead of ${topUp.merchant}`);
  return found;
}

async function credit(
  topUp: TopUpItem,
  event: Extract<PaymentEvent, { kind: 'paid' }>,
  request: NotificationRequest,
  hintedOwner: UserItem | undefined,
): Promise<SettleOutcome> {
  const wrong = mismatches(topUp, event);
  if (wrong.length) {
    const reviewReason = wrong.join('; ');
    // With the operators' queue item, and what the notification said, for their decision.
    const moved = await setAsideForReview(topUp, event, request, reviewReason);
    log('warn', { provider: topUp.provider, outcome: 'review', topUpId: topUp.id, reason: reviewReason, statusBefore: topUp.status, moved });
    return 'review';
  }
  if (topUp.status === 'review') return 'review'; // an operator decides; a later notification does not override them
  // Paid (or reversed since) by the transaction below, which marks it in the same commit as the
  // credit; the consistent read just made says so without asking the ledger.
  if (!creditableStatuses.has(topUp.status)) return 'already-credited';

  // Read as the ledger would (strongly consistent), so its first try writes at once: a key used
  // meanwhile still fails that transaction's condition and is answered as a replay. The hint is
  // only used when it names the top-up's own owner.
  const owner = hintedOwner?.sub === topUp.sub ? hintedOwner : await findUser(topUp.sub);
  const paidAt = new Date().toISOString();
  const { replayed } = await applyLedgerTransaction({
    idempotencyKey: `top-up:${topUp.id}`,
    changes: [topUpCredit(topUp, topUp.amountCents, paidAt, adapters[topUp.provider].reversible === true)],
    parts: () => [
      txUpdate(
        topUpItem,
        { id: topUp.id },
        {
          set: { status: 'paid', paidAt, providerRef: event.providerRef, ...(event.paymentRef ? { paymentRef: event.paymentRef } : {}) },
          remove: ['dueQueue', 'dueAt'],
          // creditableStatuses, again: the status may have moved since it was read.
          when: { status: { oneOf: [...creditableStatuses] } },
          onConditionFailed: () => new TopUpNotCreditable(),
        },
      ),
      // A later dispute or refund names only the payment: this finds the top-up from it.
      ...(event.paymentRef
        ? [
            txPut(
              topUpOfPaymentItem,
              { provider: topUp.provider, paymentRef: event.paymentRef, topUpId: topUp.id },
              { onConditionFailed: () => new TopUpNotCreditable() },
            ),
          ]
        : []),
    ],
    ...(owner ? { knownProfiles: [owner] } : {}),
    afterCommit: () => recordStats({ kind: 'top-up', provider: topUp.provider, cents: topUp.amountCents }), // never throws
  }).catch((error: unknown) => {
    if (error instanceof TopUpNotCreditable) return { replayed: true }; // set aside for review meanwhile
    throw error;
  });
  return replayed ? 'already-credited' : 'credited';
}

/** What the credit's condition accepts: a late payment of an expired or failed checkout is still money received. */
const creditableStatuses: ReadonlySet<TopUpStatus> = new Set<TopUpStatus>(['pending', 'expired', 'failed']);

class TopUpNotCreditable extends Error {}
