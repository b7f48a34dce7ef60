import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchPutAll, db, tableName, type Key } from '../shared/db';
import { rentalIdItem } from '../shared/db/items/rentals';
import { rentalKeys } from './keys';
import type * as z from 'zod/mini';

/** A rental id's pointer: the account whose partition keeps the rental. */
export type RentalIdItem = z.infer<typeof rentalIdItem.schema>;

/**
 * Writes the id pointer of every rental (the purchase writes it for each new one): once after
 * deploying the console's search by rental id, for the rentals bought before. A Scan, off the
 * request path; running it again rewrites the same pointers.
 */
export async function backfillRentalIds(): Promise<{ rentals: number }> {
  let rentals = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(pk, :user) AND begins_with(sk, :rental)',
        ExpressionAttributeValues: { ':user': 'USER#', ':rental': rentalKeys.prefix },
        ProjectionExpression: 'pk, sk, #sub, id',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExclusiveStartKey,
      }),
    );
    const found = (page.Items ?? []) as (Key & { sub: string; id: string })[];
    await batchPutAll(found.map((rental) => ({ ...rentalKeys.byId(rental.id), sub: rental.sub, rentalId: rental.id }) satisfies Key & RentalIdItem));
    rentals += found.length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { rentals };
}
