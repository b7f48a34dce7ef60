import type { OperatorRef } from '@numbernest/contracts/ops';
import { ConflictError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { applyLedgerTransaction } from '../../money';
import type { LedgerEntry } from '../../money';
import { auditPart } from '../../accounts';
import { formatDollars, type Cents } from '../../shared/pricing';

export interface AdjustmentInput {
  sub: string;
  /** Signed: a credit is positive, a debit negative (never below zero: InsufficientFundsError). */
  amountCents: Cents;
  /** The internal note: the audit log and the console, never the customer. */
  reason: string;
  /** All the customer reads of it (their transactions, the export). */
  customerText: string;
  operator: OperatorRef;
  /** The client's Idempotency-Key: the same key again moves the money once and answers the same entry. */
  idempotencyKey: string;
}

/**
 * Money credited or debited by hand: one ledger transaction with the `adjustment` entry (the
 * customer's text in its words; the operator and the internal note beside them) and the audit
 * entry. A debit is refused like any other when it is more than the balance or the account is on
 * hold, nothing written.
 */
export async function adjustBalance(input: AdjustmentInput): Promise<{ entry: LedgerEntry; balanceCents: Cents }> {
  const id = timeSortableId();
  const { entries, replayed } = await applyLedgerTransaction({
    idempotencyKey: `ops-adjustment:${input.sub}:${input.idempotencyKey}`,
    changes: [
      {
        sub: input.sub,
        amountCents: input.amountCents,
        kind: 'adjustment',
        reference: id,
        description: { key: 'adjustment', params: { text: input.customerText } },
        operator: input.operator,
        reason: input.reason,
      },
    ],
    parts: ([entry]) => [
      auditPart({
        operator: input.operator,
        action: 'user.adjust-balance',
        target: { type: 'user', id: input.sub },
        before: { balance: formatDollars(entry!.balanceAfterCents - entry!.amountCents) },
        after: {
          balance: formatDollars(entry!.balanceAfterCents),
          amount: formatDollars(entry!.amountCents),
          entry: entry!.id,
          customer_text: input.customerText,
        },
        reason: input.reason,
      }),
    ],
  });
  const entry = entries[0]!;
  const sameAdjustment =
    entry.kind === 'adjustment' &&
    entry.amountCents === input.amountCents &&
    entry.reason === input.reason &&
    entry.description.params?.text === input.customerText;
  if (replayed && !sameAdjustment) throw new ConflictError('This Idempotency-Key was already used for a different adjustment', 'IDEMPOTENCY_KEY_REUSED');
  return { entry, balanceCents: entry.balanceAfterCents };
}
