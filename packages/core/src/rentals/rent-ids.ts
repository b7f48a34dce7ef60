import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, putNew, tableName, type TransactItem } from '../shared/db';

/**
 * Shared and Private rentals bought through the SMS-Activate rent API carry a plain decimal id,
 * the protocol's rent `id` (keys: docs/access-patterns.md), taken as activation ids are: one
 * atomic `ADD` on its own counter, then `RENT#<n>` put in the purchase's transaction. Unique and
 * increasing, not gapless; always below 2^53.
 */
export const rentKeys = {
  counter: { pk: 'RENT_COUNTER', sk: 'COUNTER' },
  item: (id: number) => ({ pk: `RENT#${id}`, sk: 'RENT' }),
};

/** Ids start above this, apart from activation ids (which start at 100,000,001). */
const firstId = 500_000_000;

export interface RentIdItem {
  rentId: number;
  sub: string;
  rentalId: string;
}

/** The next rent id, taken for good (atomic counter). */
export async function allocateRentId(): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rentKeys.counter,
      UpdateExpression: 'SET #last = if_not_exists(#last, :first) + :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':first': firstId, ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes as { last: number }).last;
}

/** The transaction item that records rent `id` for this rental. */
export function recordRent(id: number, sub: string, rentalId: string): TransactItem {
  return putNew({ ...rentKeys.item(id), rentId: id, sub, rentalId } satisfies RentIdItem & Record<string, unknown>);
}

export async function findRent(id: number): Promise<RentIdItem | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: rentKeys.item(id), ConsistentRead: true }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ...rest } = Item;
  return rest as RentIdItem;
}
