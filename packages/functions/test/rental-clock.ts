/**
 * Test-only: moves a rental's clock in the local cloud's table, as if it had been bought earlier.
 * The refund rules and the rental job decide by these times, so tests reach "21 minutes later" at once.
 */
import './api'; // first: points this process at the local cloud

export async function setRentalTimes(sub: string, id: string, times: { startedAt: string; expiresAt: string; dueAt: string }) {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@numbernest/core/db');
  const { rentalKeys } = await import('@numbernest/core/rentals');
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rentalKeys.item(sub, id),
      UpdateExpression: 'SET startedAt = :s, expiresAt = :e, dueAt = :d',
      ExpressionAttributeValues: { ':s': times.startedAt, ':e': times.expiresAt, ':d': times.dueAt },
    }),
  );
}

/** The rental as if bought `minutes` earlier: its start, end and next due time all move back. */
export async function backdateRental(sub: string, id: string, minutes: number) {
  const { findRental } = await import('@numbernest/core/rentals');
  const rental = (await findRental(sub, id))!;
  const back = (iso: string) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();
  await setRentalTimes(sub, id, { startedAt: back(rental.startedAt), expiresAt: back(rental.expiresAt), dueAt: back(rental.dueAt ?? rental.expiresAt) });
}
