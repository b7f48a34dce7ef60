import { fieldProblem } from '@numbernest/contracts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, cancellationReasons, db, putNew, queryPartition, tableName, transactWrite, withoutKeys, type TransactItem } from '../db';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { FieldErrors } from '../errors';
import { timeSortableId } from '../ids';
import { log } from '../log';
import type { DisputeItem } from '../payment/items';
import { topUpKeys } from '../payment/keys';
import type { UserItem } from '../user/items';
import { userKeys } from '../user/keys';
import { findUserByEmail } from '../user/users';
import type { HoldDecision, HoldDecisionItem, HoldDecisionKind, HoldEvent, HoldItem } from './items';
import { holdKeys } from './keys';

/**
 * The open-hold item's share of a card reversal's transaction: made with the first reversal,
 * each later one appended (the ledger's idempotency key makes each happen once).
 */
export function holdEventUpdate(sub: string, email: string, event: HoldEvent): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: holdKeys.open(sub),
      UpdateExpression: 'SET #sub = :sub, email = :email, since = if_not_exists(since, :at), events = list_append(if_not_exists(events, :none), :event)',
      ExpressionAttributeNames: { '#sub': 'sub' },
      ExpressionAttributeValues: { ':sub': sub, ':email': email, ':at': event.at, ':none': [], ':event': [event] },
    },
  };
}

/** An open hold as an operator sees it: the account's balance now (negative: owed) and each dispute's state. */
export interface HoldView extends HoldItem {
  balanceCents: number;
  /** By dispute id: `open`, or `won` / `lost` / `warning_closed` once closed. */
  disputes: Record<string, string>;
}

/** Every account on hold, oldest first: the operators' queue (one Query; only held accounts are in it). */
export async function listHolds(): Promise<HoldView[]> {
  const holds = (await queryPartition<HoldItem>(holdKeys.partition)).map((item) => withoutKeys(item));
  const disputeKeys = holds.flatMap((hold) => hold.events.filter((e) => e.kind === 'chargeback').map((e) => topUpKeys.dispute(e.topUpId, e.reference)));
  const [profiles, disputes] = await Promise.all([
    batchGetAll<UserItem>(holds.map((hold) => userKeys.profile(hold.sub))),
    batchGetAll<DisputeItem>(disputeKeys),
  ]);
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

export interface HoldDecisionInput {
  /** Who decided (kept with the decision). */
  operator: string;
  reason: string;
  /** `release`: the account may spend and send again (what it owes stays owed: a debit still needs the balance). `keep`: reviewed, stays on hold. */
  decision: HoldDecisionKind;
}

/**
 * An operator's decision on a held account (the operator console calls this; `npm run ops` until
 * there is one). `release` lifts the hold in one transaction that removes it from the profile,
 * drops the open-hold item and keeps the decision on the user; it is refused (409) when another
 * card reversal came in after the operator looked (the hold changed), so nobody releases what
 * they have not seen. `keep` records the decision on the open hold.
 */
export async function releaseHold(sub: string, input: HoldDecisionInput): Promise<HoldDecisionItem> {
  const errors: FieldErrors = {};
  if (!input.operator.trim()) errors.operator = [fieldProblem('REQUIRED', undefined, 'Say who decides.')];
  if (!input.reason.trim()) errors.reason = [fieldProblem('REQUIRED', undefined, 'Give the reason for the decision.')];
  if (input.decision !== 'release' && input.decision !== 'keep')
    errors.decision = [fieldProblem('NOT_ONE_OF', { values: 'release, keep' }, 'release or keep.')];
  if (Object.keys(errors).length) throw new ValidationError('Invalid request', errors);

  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: holdKeys.open(sub), ConsistentRead: true }));
  if (!Item) throw new NotFoundError('This account is not on hold', 'HOLD_NOT_FOUND');
  const hold = withoutKeys(Item as HoldItem);
  const at = new Date().toISOString();
  const decision: HoldDecision = { operator: input.operator.trim(), reason: input.reason.trim(), decision: input.decision, at };
  const record: HoldDecisionItem = { ...decision, id: timeSortableId(), sub, hold };
  const unchanged = { ConditionExpression: 'size(events) = :seen', ExpressionAttributeValues: { ':seen': hold.events.length } };

  const items: TransactItem[] =
    input.decision === 'release'
      ? [
          {
            Update: {
              TableName: tableName(),
              Key: userKeys.profile(sub),
              UpdateExpression: 'REMOVE accountHold',
              ConditionExpression: 'attribute_exists(accountHold)',
            },
          },
          { Delete: { TableName: tableName(), Key: holdKeys.open(sub), ...unchanged } },
        ]
      : [
          {
            Update: {
              TableName: tableName(),
              Key: holdKeys.open(sub),
              UpdateExpression: 'SET decisions = list_append(if_not_exists(decisions, :none), :decision)',
              ConditionExpression: unchanged.ConditionExpression,
              ExpressionAttributeValues: { ...unchanged.ExpressionAttributeValues, ':none': [], ':decision': [decision] },
            },
          },
        ];
  items.push(putNew({ ...holdKeys.decision(sub, record.id), ...record }));
  try {
    await transactWrite(items);
  } catch (error) {
    if (!cancellationReasons(error).includes('ConditionalCheckFailed')) throw error;
    throw new ConflictError('The hold changed meanwhile (another card payment was taken back, or it was released); look again', 'HOLD_CHANGED');
  }
  log.info('account hold decided', { sub, email: hold.email, decision: decision.decision, operator: decision.operator, events: hold.events.length });
  return record;
}

/** The account of an e-mail, for operators who know the customer by it. */
export async function subOfEmail(email: string): Promise<string> {
  const user = await findUserByEmail(email);
  if (!user) throw new NotFoundError(`No account uses ${email}`, 'USER_NOT_FOUND');
  return user.sub;
}
