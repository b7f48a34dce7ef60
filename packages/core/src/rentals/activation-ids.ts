import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, putNew, tableName, type TransactItem } from '../shared/db';

/**
 * Temporary activations (bought on the web or through the SMS-Activate-compatible handler_api)
 * carry a plain decimal id, the protocol's `activationId` (keys: docs/access-patterns.md).
 *
 * Each purchase takes the next id with one atomic `ADD` on the counter (no race to retry, however
 * many buy at once), then puts `ACTIVATION#<n>` in its own transaction. A purchase that then fails
 * leaves its id unused: ids are unique and increasing, not gapless (clients only parse them).
 */
export const activationKeys = {
  counter: { pk: 'ACTIVATION_COUNTER', sk: 'COUNTER' },
  item: (id: number) => ({ pk: `ACTIVATION#${id}`, sk: 'ACTIVATION' }),
};

/** Ids start above this, so they look like the protocol's (and never 0). */
const firstId = 100_000_000;

export interface ActivationItem {
  activationId: number;
  sub: string;
  rentalId: string;
  /** setStatus 3 (another code): the rental's message count then; codes after it are the new ones. */
  retryAfter?: number;
}

/** The next activation id, taken for good (atomic counter). */
export async function allocateActivationId(): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: activationKeys.counter,
      UpdateExpression: 'SET #last = if_not_exists(#last, :first) + :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':first': firstId, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes as { last: number }).last;
}

/** The transaction item that records activation `id` for this rental. */
export function recordActivation(id: number, sub: string, rentalId: string): TransactItem {
  return putNew({ ...activationKeys.item(id), activationId: id, sub, rentalId } satisfies ActivationItem & Record<string, unknown>);
}

export async function findActivation(id: number): Promise<ActivationItem | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: activationKeys.item(id), ConsistentRead: true }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ...rest } = Item;
  return rest as ActivationItem;
}
