import { fieldProblem } from '@numbernest/contracts';
import type { OperatorRef, OpsHold } from '@numbernest/contracts/ops';
import { countItems, readItem, readItems, readPartition, transact, txDelete, txPutNew, txUpdate, type TransactPart } from '../../shared/db';
import { disputeItem, holdDecisionItem, openHoldItem } from '../../shared/db/items/money';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors';
import type { FieldErrors } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { log } from '../../shared/log';
import { notifyIfWanted } from '../../notifications';
import { accountHoldLiftPart, auditPart, findUserByEmail } from '../../accounts';
import { userProfileItem } from '../../shared/db/items/accounts';
import { toDollars } from '../../shared/pricing';
import type { HoldDecision, HoldDecisionItem, HoldDecisionKind, HoldEvent, HoldItem } from './items';

/**
 * The open-hold item's share of a card reversal's transaction: made with the first reversal,
 * each later one appended (the ledger's idempotency key makes each happen once). It has no
 * condition; `onConditionFailed` is what the caller's transaction would make of one.
 */
export function holdEventUpdate(sub: string, email: string, event: HoldEvent, onConditionFailed: () => Error): TransactPart {
  return txUpdate(
    openHoldItem,
    { sub },
    { set: { sub, email }, setIfUnset: { since: event.at }, append: { events: [event] }, ifExists: false, onConditionFailed },
  );
}

/** An open hold as an operator sees it: the account's balance now (negative: owed) and each dispute's state. */
export interface HoldView extends HoldItem {
  balanceCents: number;
  /** By dispute id: `open`, or `won` / `lost` / `warning_closed` once closed. */
  disputes: Record<string, string>;
}

/** Every account on hold, oldest first: the operators' queue (one Query; only held accounts are in it). */
export async function listHolds(): Promise<HoldView[]> {
  const holds = await readPartition(openHoldItem, { sub: '' });
  const disputeKeys = holds.flatMap((hold) => hold.events.filter((e) => e.kind === 'chargeback').map((e) => ({ topUpId: e.topUpId, disputeId: e.reference })));
  const heldAccounts = holds.map((hold) => ({ sub: hold.sub }));
  const [profiles, disputes] = await Promise.all([readItems(userProfileItem, heldAccounts), readItems(disputeItem, disputeKeys)]);
  const balances = new Map(profiles.map((p) => [p.sub, p.balanceCents]));
  const states = new Map(disputes.map((d) => [d.disputeId, d.status === 'open' ? 'open' : (d.outcome ?? d.status)]));
  return holds
    .map((hold) => ({
      ...hold,
      balanceCents: balances.get(hold.sub) ?? 0,
      disputes: Object.fromEntries(hold.events.filter((e) => e.kind === 'chargeback').map((e) => [e.reference, states.get(e.reference) ?? 'unknown'])),
    }))
    .sort((a, b) => a.since.localeCompare(b.since));
}

/** How many accounts are on hold: the console overview's open item (one Query COUNT on the queue). */
export const countHolds = (): Promise<number> => countItems(openHoldItem, { sub: '' });

/** The console's shape of a held account (dollars, snake_case). */
export const toOpsHold = (hold: HoldView): OpsHold => ({
  sub: hold.sub,
  email: hold.email,
  since: hold.since,
  balance: toDollars(hold.balanceCents),
  events: hold.events.map((e) => ({
    kind: e.kind,
    top_up_id: e.topUpId,
    reference: e.reference,
    provider: e.provider,
    amount: toDollars(e.amountCents),
    at: e.at,
    reason: e.reason ?? null,
  })),
  disputes: hold.disputes,
  decisions: (hold.decisions ?? []).map(toOpsDecision),
});

/** Who decided: kept as the e-mail (and, since the console, the sub); older command-line decisions kept only a name. */
const operatorRefOf = (decision: HoldDecision): OperatorRef => ({ sub: decision.operatorSub ?? `cli:${decision.operator}`, email: decision.operator });

const toOpsDecision = (decision: HoldDecision) => ({
  decision: decision.decision,
  operator: operatorRefOf(decision),
  reason: decision.reason,
  at: decision.at,
});

export interface HoldDecisionInput {
  /** Who decided: kept with the decision and in the audit list. */
  operator: OperatorRef;
  reason: string;
  /** `release`: the account may spend and send again (what it owes stays owed: a debit still needs the balance). `keep`: reviewed, stays on hold. */
  decision: HoldDecisionKind;
  /** How many card reversals the operator was shown: a hold with any other number changed since they looked. */
  eventsSeen: number;
}

/**
 * An operator's decision on a held account (the operator console, or `npm run ops`). `release`
 * lifts the hold in one transaction that removes it from the profile, drops the open-hold item
 * and keeps the decision on the user; `keep` records the decision on the open hold. Either is
 * refused (409 HOLD_CHANGED) unless the hold still has exactly the reversals the operator saw
 * (checked in the transaction's own condition), so nobody decides on what they have not seen.
 * The audit entry is written in the same transaction.
 */
export async function releaseHold(sub: string, input: HoldDecisionInput): Promise<HoldDecisionItem> {
  const errors: FieldErrors = {};
  if (!input.operator.email.trim()) errors.operator = [fieldProblem('REQUIRED', undefined, 'Say who decides.')];
  if (!input.reason.trim()) errors.reason = [fieldProblem('REQUIRED', undefined, 'Give the reason for the decision.')];
  if (input.decision !== 'release' && input.decision !== 'keep')
    errors.decision = [fieldProblem('NOT_ONE_OF', { values: 'release, keep' }, 'release or keep.')];
  if (!Number.isInteger(input.eventsSeen) || input.eventsSeen < 1)
    errors.events_seen = [fieldProblem('REQUIRED', undefined, 'How many card reversals you were shown (at least 1).')];
  if (Object.keys(errors).length) throw new ValidationError('Invalid request', errors);

  const hold = await readItem(openHoldItem, { sub }, { consistent: true });
  if (!hold) throw new NotFoundError('This account is not on hold', 'HOLD_NOT_FOUND');
  if (hold.events.length !== input.eventsSeen) throw holdChanged();
  const now = new Date();
  const at = now.toISOString();
  const decision: HoldDecision = {
    operator: input.operator.email.trim(),
    operatorSub: input.operator.sub,
    reason: input.reason.trim(),
    decision: input.decision,
    at,
  };
  const record: HoldDecisionItem = { ...decision, id: timeSortableId(), sub, hold };
  // Against what the operator saw, not what was just read: a reversal landing in between fails it.
  const unchanged = { events: { sizeEquals: input.eventsSeen } };
  const before = { on_hold: true, events: hold.events.length, decisions: hold.decisions?.length ?? 0 };
  const after = input.decision === 'release' ? { on_hold: false } : { ...before, decisions: before.decisions + 1 };

  const parts: TransactPart[] =
    input.decision === 'release'
      ? [accountHoldLiftPart(sub, holdChanged), txDelete(openHoldItem, { sub }, { when: unchanged, onConditionFailed: holdChanged })]
      : [txUpdate(openHoldItem, { sub }, { append: { decisions: [decision] }, when: unchanged, onConditionFailed: holdChanged })];
  parts.push(
    txPutNew(holdDecisionItem, record, holdChanged),
    auditPart(
      { operator: input.operator, action: `account-hold.${input.decision}`, target: { type: 'user', id: sub }, before, after, reason: decision.reason },
      now,
      holdChanged,
    ),
  );
  await transact(parts);
  log.info('account hold decided', { sub, email: hold.email, decision: decision.decision, operator: decision.operator, events: hold.events.length });
  if (input.decision === 'release') await tellReleased(sub);
  return record;
}

/** The customer hears they may spend again (as they heard of the hold), when their settings want balance news. */
async function tellReleased(sub: string): Promise<void> {
  await notifyIfWanted(
    sub,
    'balance',
    {
      kind: 'account-hold',
      title: 'Account hold lifted',
      message: 'Our team reviewed your account: you can buy numbers and send money again.',
      key: 'holdReleased',
    },
    { reason: 'hold released' },
  );
}

const holdChanged = () => new ConflictError('The hold changed meanwhile (another card payment was taken back, or it was decided); look again', 'HOLD_CHANGED');

/** The console's shape of a recorded decision. */
export const toOpsHoldDecisionReply = (record: HoldDecisionItem) => ({
  ...toOpsDecision(record),
  sub: record.sub,
  email: record.hold.email,
  on_hold: record.decision === 'keep',
});

/** The account of an e-mail, for operators who know the customer by it. */
export async function subOfEmail(email: string): Promise<string> {
  const user = await findUserByEmail(email);
  if (!user) throw new NotFoundError(`No account uses ${email}`, 'USER_NOT_FOUND');
  return user.sub;
}
