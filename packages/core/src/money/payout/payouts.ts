import { cardTransferHoldHours, fieldProblem, minPayoutDollars, type OpsPayout, type Payout, type PayoutStatus } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import type * as z from 'zod/mini';
import { readItem, readPartition, transact, txDelete, txPutNew, txUpdate, type TransactPart } from '../../shared/db';
import { openPayoutItem, payoutItem, payoutOfPartnerItem, type payoutSchema } from '../../shared/db/items/money';
import { ConflictError, InsufficientFundsError, NotFoundError, ValidationError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { formatDollars, toCents, toDollars, type Cents } from '../../shared/pricing';
import { auditPart, type UserItem } from '../../accounts';
import { notifyIfWanted } from '../../notifications';
import { applyLedgerTransaction } from '../ledger/apply';
import { HeldFundsError } from '../ledger/errors';

/** A partner's payout (its three copies: shared/db/items/money.ts). */
export type PayoutItem = z.infer<typeof payoutSchema>;

export const minPayoutCents = toCents(minPayoutDollars);

/** The most payouts the operators' list of decided ones shows at once (newest first). */
const decidedListLimit = 200;

export class PayoutDecidedError extends ConflictError {
  constructor(status: string) {
    super(`This payout was already decided (it is ${status})`, 'PAYOUT_DECIDED', { status });
  }
}

const payoutNotFound = () => new NotFoundError('Payout not found', 'PAYOUT_NOT_FOUND');
const alreadyOpen = () =>
  new ConflictError('You already have a payout waiting: wait until it is paid or refused before asking for another', 'PAYOUT_ALREADY_OPEN');

export interface PayoutRequest {
  amountCents: Cents;
  destination: string;
}

/**
 * A partner asks to be paid out: the amount is debited at once (kind `payout`), in the transaction
 * that stores the payout and queues it for the operators, so it cannot be spent while it waits
 * (docs/decisions/0028-partner-payouts.md). At least $10, at most what the partner may send on
 * (card top-ups still held for transfers are not paid out); one open request per partner. The
 * client's Idempotency-Key names the debit: the same key again moves nothing and answers the same payout.
 */
export async function requestPayout(
  partner: UserItem & { partnerSince: string },
  request: PayoutRequest,
  idempotencyKey: string,
): Promise<{ payout: PayoutItem; balanceCents: Cents }> {
  if (request.amountCents < minPayoutCents)
    throw new ValidationError('Invalid request', { amount: [fieldProblem('TOO_SMALL', { count: minPayoutDollars }, `At least $${minPayoutDollars}`)] });
  const payout: PayoutItem = {
    id: timeSortableId(),
    sub: partner.sub,
    email: partner.email,
    amountCents: request.amountCents,
    destination: request.destination,
    status: 'requested',
    requestedAt: new Date().toISOString(),
  };
  let result;
  try {
    result = await applyLedgerTransaction({
      idempotencyKey: `payout:${partner.sub}:${idempotencyKey}`,
      changes: [
        {
          sub: partner.sub,
          amountCents: -request.amountCents,
          kind: 'payout',
          reference: payout.id,
          description: { key: 'payout', params: { destination: request.destination } },
          spendsOnlyTransferable: true,
        },
      ],
      parts: () => [
        txPutNew(payoutItem, payout),
        txPutNew(payoutOfPartnerItem, payout),
        // Keyed by the partner: a second open request fails here.
        txPutNew(openPayoutItem, payout, alreadyOpen),
      ],
      knownProfiles: [partner],
    });
  } catch (error) {
    if (error instanceof HeldFundsError)
      throw new ValidationError('Invalid request', { amount: [fieldProblem('OVER_TRANSFERABLE', { hours: cardTransferHoldHours }, error.message)] });
    if (error instanceof InsufficientFundsError) throw new ValidationError('Invalid request', { amount: [fieldProblem('OVER_BALANCE')] });
    throw error;
  }
  const [entry] = result.entries;
  if (!result.replayed) return { payout, balanceCents: entry!.balanceAfterCents };
  const first = await readItem(payoutItem, { id: entry!.reference }, { consistent: true });
  // Written in the transaction that used the key, so it is there.
  if (!first) throw new Error(`The payout ${entry!.reference} of a used key is missing`);
  if (first.amountCents !== request.amountCents || first.destination !== request.destination)
    throw new ConflictError('This Idempotency-Key was already used for a different payout', 'IDEMPOTENCY_KEY_REUSED');
  return { payout: first, balanceCents: entry!.balanceAfterCents };
}

/** A partner's payouts, newest first. */
export async function listPayoutsOf(sub: string): Promise<PayoutItem[]> {
  return readPartition(payoutOfPartnerItem, { sub, id: '' }, { skPrefix: 'PAYOUT#', descending: true, consistent: true });
}

/** The payouts waiting for an operator, oldest first (at most one per partner). */
export async function listOpenPayouts(): Promise<PayoutItem[]> {
  const open = await readPartition(openPayoutItem, { sub: '' }, { consistent: true });
  return open.sort((a, b) => a.id.localeCompare(b.id));
}

/** The operators' list: the open payouts (oldest first), or the paid or refused ones (newest first, the latest 200). */
export async function listPayouts(status: PayoutStatus): Promise<PayoutItem[]> {
  if (status === 'requested') return listOpenPayouts();
  return readPartition(payoutItem, { id: '' }, { descending: true, consistent: true, filter: { status: { equals: status } }, limit: decidedListLimit });
}

export const findPayout = (id: string) => readItem(payoutItem, { id }, { consistent: true });

async function openPayout(id: string): Promise<PayoutItem> {
  const payout = await findPayout(id);
  if (!payout) throw payoutNotFound();
  if (payout.status !== 'requested') throw new PayoutDecidedError(payout.status);
  return payout;
}

/** The decision on every copy, each conditioned on the payout still being requested, with its audit entry. */
function decisionParts(payout: PayoutItem, decided: PayoutItem, operator: OperatorRef, reason?: string): TransactPart[] {
  const decidedMeanwhile = (current?: PayoutItem) => new PayoutDecidedError(current?.status && current.status !== 'requested' ? current.status : 'decided');
  const set = {
    status: decided.status,
    decidedAt: decided.decidedAt,
    decidedBy: decided.decidedBy,
    ...(decided.reference ? { reference: decided.reference } : {}),
    ...(decided.reason ? { reason: decided.reason } : {}),
  };
  const when = { status: { equals: 'requested' as const } };
  return [
    txUpdate(payoutItem, { id: payout.id }, { set, when, onConditionFailed: decidedMeanwhile }),
    txUpdate(payoutOfPartnerItem, { sub: payout.sub, id: payout.id }, { set, when, onConditionFailed: decidedMeanwhile }),
    txDelete(openPayoutItem, { sub: payout.sub }, { when: { id: { equals: payout.id } }, onConditionFailed: () => decidedMeanwhile() }),
    auditPart(
      {
        operator,
        action: decided.status === 'paid' ? 'payout.approve' : 'payout.refuse',
        target: { type: 'payout', id: payout.id },
        before: { status: 'requested', amount: toDollars(payout.amountCents), partner: payout.email, destination: payout.destination },
        after: {
          status: decided.status,
          ...(decided.reference ? { reference: decided.reference } : {}),
          credited: decided.status === 'refused' ? toDollars(payout.amountCents) : 0,
        },
        ...(reason ? { reason } : {}),
      },
      undefined,
      () => decidedMeanwhile(),
    ),
  ];
}

const decisionOf = (payout: PayoutItem, operator: OperatorRef, status: 'paid' | 'refused', note: { reference?: string; reason?: string }): PayoutItem => ({
  ...payout,
  status,
  decidedAt: new Date().toISOString(),
  decidedBy: { sub: operator.sub, email: operator.email },
  ...note,
});

/**
 * An operator sent the money: the payout is marked paid with the transfer's reference. Nothing
 * moves on the ledger (the amount left the balance when it was requested). Of two operators at
 * once one decides; the other gets PAYOUT_DECIDED.
 */
export async function approvePayout(id: string, input: { operator: OperatorRef; reference: string }): Promise<PayoutItem> {
  const payout = await openPayout(id);
  const paid = decisionOf(payout, input.operator, 'paid', { reference: input.reference });
  await transact(decisionParts(payout, paid, input.operator));
  const amount = formatDollars(payout.amountCents);
  // After the commit, as a rejected top-up is told; never throws.
  await notifyIfWanted(
    payout.sub,
    'balance',
    {
      kind: 'payout',
      title: 'Payout sent',
      message: `Your $${amount} payout to ${payout.destination} was sent (reference ${input.reference}).`,
      key: 'payoutPaid',
      params: { amount, destination: payout.destination, reference: input.reference },
    },
    { payoutId: payout.id },
  );
  return paid;
}

/**
 * An operator refuses a payout: the amount is credited back once (kind `payout-refund`, key
 * `payout-refund:<id>`) in the transaction that marks it refused with the reason.
 */
export async function refusePayout(id: string, input: { operator: OperatorRef; reason: string }): Promise<PayoutItem> {
  const payout = await openPayout(id);
  const refused = decisionOf(payout, input.operator, 'refused', { reason: input.reason });
  const { replayed } = await applyLedgerTransaction({
    idempotencyKey: `payout-refund:${payout.id}`,
    changes: [
      {
        sub: payout.sub,
        amountCents: payout.amountCents,
        kind: 'payout-refund',
        reference: payout.id,
        description: { key: 'payoutRefund', params: { destination: payout.destination } },
        operator: input.operator,
        reason: input.reason,
        // The money was the partner's: it comes back even to an account deleted meanwhile.
        allowDeletedAccount: true,
        notify: {
          topic: 'balance',
          content: {
            kind: 'payout',
            title: 'Payout refused',
            message: `Your $${formatDollars(payout.amountCents)} payout to ${payout.destination} was refused: ${input.reason} The amount is back in your balance.`,
            key: 'payoutRefused',
            params: { amount: formatDollars(payout.amountCents), destination: payout.destination, reason: input.reason },
          },
        },
      },
    ],
    parts: () => decisionParts(payout, refused, input.operator, input.reason),
  });
  if (replayed) throw new PayoutDecidedError('refused');
  return refused;
}

/** A payout as its partner sees it. */
export const toPayoutView = (payout: PayoutItem): Payout => ({
  id: payout.id,
  amount: toDollars(payout.amountCents),
  destination: payout.destination,
  status: payout.status,
  requested_at: payout.requestedAt,
  decided_at: payout.decidedAt ?? null,
  reference: payout.reference ?? null,
  reason: payout.reason ?? null,
});

/** A payout in the operators' list. */
export const toOpsPayoutView = (payout: PayoutItem): OpsPayout => ({
  ...toPayoutView(payout),
  partner: { sub: payout.sub, email: payout.email },
  decided_by: payout.decidedBy ?? null,
});
