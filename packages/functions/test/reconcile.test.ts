import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { rentalReplySchema } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { send } from './api';
import { userWithBalance } from './auth-users';
import { ownShared } from './own-numbers';

/**
 * `npm run reconcile`'s checks against the real table: a number lock changed outside the rental's
 * transaction is found and named. (Other test files write meanwhile, so only this rental's
 * findings are asserted; the suite's teardown asserts the whole table is clean.)
 */
describe('reconcile', () => {
  it('names an active rental whose number lock was let go outside its transaction', async () => {
    const { reconcile } = await import('@numbernest/core/operations');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    const { rentalKeys } = await import('@numbernest/core/rentals');
    const user = await userWithBalance(100_00);
    const [request] = await ownShared(); // a number of this file's own: nobody else holds it
    const reply = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(request),
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const rental = {
      ...rentalReplySchema.parse(reply.json).data,
      numberId: request!.mobile_number_id,
      serviceId: (request as { service_provider_id: number }).service_provider_id,
    };
    const mine = async () => (await reconcile()).checks.flatMap((c) => c.problems).filter((p) => p.includes(rental.id));
    expect(await mine()).toEqual([]);

    const lock = rentalKeys.lock(rental.numberId, rental.serviceId);
    const setHolder = (expression: string, values?: Record<string, unknown>) =>
      db.send(new UpdateCommand({ TableName: tableName(), Key: lock, UpdateExpression: expression, ...(values ? { ExpressionAttributeValues: values } : {}) }));
    await setHolder('REMOVE activeRentalId');
    try {
      expect(await mine()).toEqual([`active rental ${rental.id} does not hold its lock ${rental.numberId}/SERVICE#${rental.serviceId}`]);
    } finally {
      await setHolder('SET activeRentalId = :id', { ':id': rental.id });
    }
    expect(await mine()).toEqual([]);
  });
});
