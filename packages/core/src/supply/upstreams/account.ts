import { fieldProblem } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { auditPart, createUserOnce, findUser } from '../../accounts';
import { applyLedgerTransaction, type LedgerEntry } from '../../money';
import { upstreamAccountSub } from '../../rentals';
import { ValidationError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { formatDollars, type Cents } from '../../shared/pricing';
import { getUpstream } from './registry';

/**
 * Each upstream's ledger account: a system profile `upstream:<id>` (no e-mail, never signed in to)
 * whose balance is what we deposited at the upstream less what its activations cost plus what it
 * refunded. So every cent we pay an upstream goes through the ledger, a purchase its account cannot
 * cover is refused like any debit, and reconcile checks it as any account. Made when the upstream is
 * added (and by its first deposit, for one added before accounts existed).
 */
export async function ensureUpstreamAccount(upstreamId: string): Promise<void> {
  await createUserOnce({ sub: upstreamAccountSub(upstreamId), email: '', emailVerifiedAt: null });
}

/** What the upstream's account holds now, in cents (0 before any deposit). */
export async function upstreamAccountCents(upstreamId: string): Promise<Cents> {
  return (await findUser(upstreamAccountSub(upstreamId)))?.balanceCents ?? 0;
}

/**
 * An operator records money deposited at an upstream (`npm run ops -- upstream-deposit`): credited
 * to its account with the audit entry in one ledger transaction; the same key again credits once.
 */
export async function depositToUpstream(input: {
  upstreamId: string;
  amountCents: Cents;
  reason: string;
  operator: OperatorRef;
  idempotencyKey?: string;
}): Promise<{ entry: LedgerEntry; balanceCents: Cents }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new ValidationError('A deposit is a positive amount', { amount: [fieldProblem('TOO_SMALL', undefined, 'A deposit is a positive amount.')] });
  const upstream = await getUpstream(input.upstreamId);
  await ensureUpstreamAccount(upstream.id);
  const reference = timeSortableId();
  const { entries } = await applyLedgerTransaction({
    idempotencyKey: `upstream-deposit:${upstream.id}:${input.idempotencyKey ?? reference}`,
    changes: [
      {
        sub: upstreamAccountSub(upstream.id),
        amountCents: input.amountCents,
        kind: 'upstream-deposit',
        reference,
        description: { key: 'upstreamDeposit', params: { upstream: upstream.name } },
        operator: input.operator,
        reason: input.reason,
      },
    ],
    parts: ([entry]) => [
      auditPart({
        operator: input.operator,
        action: 'upstream.deposit',
        target: { type: 'upstream', id: upstream.id },
        before: { balance: formatDollars(entry!.balanceAfterCents - entry!.amountCents) },
        after: { balance: formatDollars(entry!.balanceAfterCents), amount: formatDollars(entry!.amountCents), entry: entry!.id },
        reason: input.reason,
      }),
    ],
  });
  const entry = entries[0]!;
  return { entry, balanceCents: entry.balanceAfterCents };
}
