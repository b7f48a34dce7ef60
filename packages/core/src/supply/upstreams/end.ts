import { applyLedgerTransaction } from '../../money';
import { dueUpstreamEnds, recordUpstreamEndTry, upstreamEndTryPart, upstreamRefund, type UpstreamEndItem, type UpstreamEndOutcome } from '../../rentals';
import { log } from '../../shared/log';
import { isLocalStage } from '../../shared/settings';
import { upstreamValueCentsDown } from './money';
import { findUpstream, type UpstreamItem } from './registry';

/** An end may take this long (with the balance asked before and after a cancel); the next try comes with the backoff. */
const endDeadlineMs = 5_000;

class EndRecordedMeanwhile extends Error {}

/**
 * Carries ended upstream activations to their upstreams (cancel, finish, ban), each until the
 * upstream answers: the end was fixed when the activation ended, so a retry never sends another. A
 * cancel or ban it takes, and whose balance rose by the activation's cost, is credited back to its
 * ledger account in the same transaction that records the answer (once: key `upstream-refund:<rental>`);
 * one it took but did not refund (its balance did not rise) is recorded unrefunded, for reconcile's listing.
 * One it had cancelled itself before (its status says so) was refunded by it then, as its protocol does.
 * Ends of one upstream go one after another, so one's balance rise is never taken for another's.
 */
export async function sendDueUpstreamEnds(now = new Date()): Promise<{ sent: number; failed: number }> {
  const due = await dueUpstreamEnds(now);
  if (!due.length) return { sent: 0, failed: 0 };
  const byUpstream = new Map<string, UpstreamEndItem[]>();
  for (const end of due) byUpstream.set(end.upstreamId, [...(byUpstream.get(end.upstreamId) ?? []), end]);
  let sent = 0;
  let failed = 0;
  await Promise.all(
    [...byUpstream].map(async ([upstreamId, ends]) => {
      const upstream = await findUpstream(upstreamId);
      for (const end of ends) {
        const outcome = await carry(upstream, end);
        await record(end, outcome).catch((error: unknown) => {
          if (!(error instanceof EndRecordedMeanwhile)) throw error;
        });
        if (outcome.answered) sent++;
        else failed++;
      }
    }),
  );
  return { sent, failed };
}

async function record(end: UpstreamEndItem, outcome: UpstreamEndOutcome): Promise<void> {
  if (!outcome.answered || outcome.refundedCents === undefined || end.unsold !== undefined) {
    await recordUpstreamEndTry(end, outcome);
    return;
  }
  await applyLedgerTransaction({
    idempotencyKey: `upstream-refund:${end.rentalId}`,
    changes: [upstreamRefund(end)],
    parts: () => [upstreamEndTryPart(end, outcome, new Date(), () => new EndRecordedMeanwhile())],
  });
}

async function carry(upstream: UpstreamItem | undefined, end: UpstreamEndItem): Promise<UpstreamEndOutcome> {
  if (!upstream || upstream.removedAt) return { answered: true, accepted: false, detail: 'the upstream was removed' }; // nobody to tell any more
  const { upstreamBalance, upstreamEnd, upstreamStatus } = await import('../../shared/upstream-protocol');
  const options = { deadlineMs: endDeadlineMs, local: isLocalStage() };
  const refundable = end.how !== 'finish' && end.unsold === undefined;
  const before = refundable ? await upstreamBalance(upstream, options) : undefined;
  const result = await upstreamEnd(upstream, end.activationId, end.how, options);
  if (!result.ok) {
    const error = `${result.failure}: ${result.detail}`;
    log.warn('upstream end not taken', { upstreamId: upstream.id, rentalId: end.rentalId, how: end.how, error });
    return { answered: false, error };
  }
  if (!result.reply.accepted) {
    // Already cancelled by the upstream itself (its own time ran out): its protocol refunds such an activation then.
    const status = refundable ? await upstreamStatus(upstream, end.activationId, options) : undefined;
    if (status?.ok && status.reply.status === 'cancelled') return { answered: true, accepted: true, refundedCents: end.costCents };
    return { answered: true, accepted: false, detail: result.reply.detail };
  }
  if (!refundable || !before?.ok) return { answered: true, accepted: true, ...(refundable ? { detail: 'balance unknown: refund not seen' } : {}) };
  const after = await upstreamBalance(upstream, options);
  if (!after.ok) return { answered: true, accepted: true, detail: 'balance unknown: refund not seen' };
  // Its cost was rounded up and the balances are rounded down: a cent apart is the same refund.
  const rose = upstreamValueCentsDown(after.reply, upstream.rate) - upstreamValueCentsDown(before.reply, upstream.rate);
  return rose + 1 >= end.costCents
    ? { answered: true, accepted: true, refundedCents: end.costCents }
    : { answered: true, accepted: true, detail: 'cancel accepted, nothing refunded' };
}
