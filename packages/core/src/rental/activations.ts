import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NumberType } from '@numbernest/contracts';
import { db, queryAll, tableName, withoutKeys } from '../db';
import { userPartition } from '../user/keys';
import { activationKeys, findActivation, type ActivationItem } from './activation-ids';
import type { RentalItem } from './items';
import { rentalKeys } from './keys';
import { findRental } from './purchase';

/** The queries of Temporary activations by their protocol id (handler_api). */

export type FoundActivation = { activation: ActivationItem; rental: RentalItem };

/** The activation with this id and its rental, whoever owns them (undefined: no such activation). */
export async function findActivationWithRental(id: number): Promise<FoundActivation | undefined> {
  const activation = await findActivation(id);
  const rental = activation && (await findRental(activation.sub, activation.rentalId));
  return rental && { activation: activation!, rental };
}

/** Another code is wanted (setStatus 3): the rental's messages so far count as seen. */
export async function waitForAnotherCode(activationId: number, messagesCount: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: activationKeys.item(activationId),
      UpdateExpression: 'SET retryAfter = :count',
      ExpressionAttributeValues: { ':count': messagesCount },
    }),
  );
}

/** The user's active Temporary rentals that have an activation id. */
export async function listActiveActivations(sub: string): Promise<RentalItem[]> {
  const items = await queryAll<RentalItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :active AND typeId = :temporary',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': rentalKeys.prefix, ':active': 'active', ':temporary': NumberType.Temporary },
  });
  return items.map((i) => withoutKeys(i)).filter((r) => r.activationId !== undefined);
}
