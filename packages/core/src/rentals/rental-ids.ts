import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import { batchPutAll, db, itemRecord, tableName } from '../shared/db';
import { userPartition } from '../shared/db/items/partitions';
import { rentalIdItem, rentalPrefix } from '../shared/db/items/rentals';

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
    // A raw Scan: the layer reads partitions and indexes only, and this one-off walks every user's partition.
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(pk, :user) AND begins_with(sk, :rental)',
        ExpressionAttributeValues: { ':user': userPartition(''), ':rental': rentalPrefix },
        ProjectionExpression: 'pk, sk, #sub, id',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExclusiveStartKey,
      }),
    );
    const found = (page.Items ?? []) as { sub: string; id: string }[];
    await batchPutAll(found.map((rental) => itemRecord(rentalIdItem, { sub: rental.sub, rentalId: rental.id })));
    rentals += found.length;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { rentals };
}
