import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, withoutKeys } from '../db';
import { ConflictError, InsufficientFundsError, ValidationError } from '../errors';
import { timeSortableId } from '../ids';
import { applyLedgerTransaction } from '../ledger/apply';
import type { LedgerEntry } from '../ledger/items';
import { formatDollars, type Cents } from '../pricing';
import type { UserItem } from '../user/items';
import { userPartition } from '../user/keys';
import { findUserByEmail } from '../user/users';

/** A transfer, kept in the sender's partition: pk USER#<sender>, sk TRANSFER#<id>. */
export interface TransferItem {
  id: string;
  fromSub: string;
  fromEmail: string;
  toSub: string;
  toEmail: string;
  amountCents: Cents;
  note?: string;
  createdAt: string;
}

export const transferKeys = {
  item: (fromSub: string, id: string) => ({ pk: userPartition(fromSub), sk: `TRANSFER#${id}` }),
};

export interface TransferInput {
  sender: UserItem;
  email: string;
  amountCents: Cents;
  note?: string;
  /** The client's Idempotency-Key: the same key again moves the money once and answers the same transfer. */
  idempotencyKey: string;
}

/**
 * Moves money from the sender to the account holding `email`: one ledger transaction with the
 * debit, the credit, both entries and the transfer item. Refusals are field errors the form can
 * show (unknown or deleted recipient, yourself, more than the balance).
 */
export async function transferBalance(input: TransferInput): Promise<{ transfer: TransferItem; balanceCents: Cents }> {
  const { sender, amountCents } = input;
  const recipient = await findUserByEmail(input.email);
  if (!recipient) throw new ValidationError('Invalid request', { email: ['No account uses this e-mail.'] });
  if (recipient.sub === sender.sub) throw new ValidationError('Invalid request', { email: ['You cannot send money to yourself.'] });

  const transfer: TransferItem = {
    id: timeSortableId(),
    fromSub: sender.sub,
    fromEmail: sender.email,
    toSub: recipient.sub,
    toEmail: recipient.email,
    amountCents,
    ...(input.note ? { note: input.note } : {}),
    createdAt: new Date().toISOString(),
  };
  const note: Record<string, string> = input.note ? { note: input.note } : {};
  const amount = formatDollars(amountCents);
  let result;
  try {
    result = await applyLedgerTransaction({
      idempotencyKey: `transfer:${sender.sub}:${input.idempotencyKey}`,
      changes: [
        { sub: sender.sub, amountCents: -amountCents, kind: 'transfer-out', reference: transfer.id, description: { key: 'transferOut', params: { email: recipient.email, ...note } } },
        {
          sub: recipient.sub,
          amountCents,
          kind: 'transfer-in',
          reference: transfer.id,
          description: { key: 'transferIn', params: { email: sender.email, ...note } },
          notify: {
            topic: 'balance',
            content: {
              kind: 'transfer',
              title: 'Money received',
              message: `${sender.email} sent you $${amount}${input.note ? `: ${input.note}` : '.'}`,
              key: 'transferIn',
              params: { amount, email: sender.email, ...note },
            },
          },
        },
      ],
      items: () => [{ Put: { TableName: tableName(), Item: { ...transferKeys.item(sender.sub, transfer.id), ...transfer }, ConditionExpression: 'attribute_not_exists(pk)' } }],
      knownProfiles: [sender, recipient],
    });
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    throw new ValidationError('Invalid request', { amount: ['More than your balance.'] });
  }
  const [senderEntry] = result.entries as [LedgerEntry, LedgerEntry];
  if (result.replayed) return replayOf(input, recipient, senderEntry);
  return { transfer, balanceCents: senderEntry.balanceAfterCents };
}

/** The first transfer made with this key; a different request under the same key is a client bug (409). */
async function replayOf(input: TransferInput, recipient: UserItem, senderEntry: LedgerEntry) {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: transferKeys.item(input.sender.sub, senderEntry.reference), ConsistentRead: true }));
  const transfer = withoutKeys(Item as TransferItem);
  if (transfer.toSub !== recipient.sub || transfer.amountCents !== input.amountCents) {
    throw new ConflictError('This Idempotency-Key was already used for a different transfer');
  }
  return { transfer, balanceCents: senderEntry.balanceAfterCents };
}
