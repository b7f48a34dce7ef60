import './api'; // first: points this process at the local cloud
import { NumberType } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { as, userWithBalance } from './auth-users';
import { ownNumber, ownPrivate, ownShared } from './own-numbers';
import { buy } from './rent-own';
import { backdateRental } from './rental-clock';

/**
 * `npm run ops -- backfill-numbers` one number at a time (the whole-table run would touch other
 * files' numbers while they buy them): a number item as it was written before the picker's index
 * (no `pickerList`, no held attributes, a stale one) is brought up to date from its own state and
 * its locks, and a second run changes nothing.
 */

async function numberItem(numberId: number) {
  const { getItem } = await import('@numbernest/core/db');
  const { catalogKeys } = await import('@numbernest/core/catalogue');
  const { countryId, typeId } = ownNumber(numberId);
  return (await getItem<Record<string, unknown>>(catalogKeys.number(countryId, typeId, numberId)))!;
}

/** Makes the number's item look as it did before the index: no picker list, no held attributes; `extra` set too. */
async function asBeforeTheIndex(numberId: number, extra: Record<string, string> = {}) {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName, updateExpression } = await import('@numbernest/core/db');
  const { catalogKeys } = await import('@numbernest/core/catalogue');
  const { countryId, typeId } = ownNumber(numberId);
  const held = Object.keys(await numberItem(numberId)).filter((name) => name.startsWith('heldUntil_'));
  const removed = ['pickerList', ...held].filter((name) => !(name in extra));
  const set = Object.keys(extra);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: catalogKeys.number(countryId, typeId, numberId),
      UpdateExpression: updateExpression({ set: set.map((_, i) => `#s${i} = :s${i}`), remove: removed.map((_, i) => `#r${i}`) }),
      ExpressionAttributeNames: Object.fromEntries([...set.map((name, i) => [`#s${i}`, name]), ...removed.map((name, i) => [`#r${i}`, name])]),
      ...(set.length ? { ExpressionAttributeValues: Object.fromEntries(set.map((name, i) => [`:s${i}`, extra[name]])) } : {}),
    }),
  );
}

async function backfill(numberId: number): Promise<boolean> {
  const { backfillNumber } = await import('@numbernest/core/supply');
  const { countryId, typeId } = ownNumber(numberId);
  return backfillNumber({ countryId, typeId, numberId });
}

describe('backfill of the picker attributes', () => {
  it('lists a Shared number again, held for the service it is rented for, without a stale hold; a second run changes nothing', async () => {
    const [rented, free] = await ownShared(2);
    await buy(await userWithBalance(100_00), rented!);
    const { catalogKeys } = await import('@numbernest/core/catalogue');
    const stale = catalogKeys.heldAttribute(rented!.service_provider_id + 100_000);
    await asBeforeTheIndex(rented!.mobile_number_id, { [stale]: catalogKeys.heldWhileRented });
    await asBeforeTheIndex(free!.mobile_number_id);

    expect(await backfill(rented!.mobile_number_id)).toBe(true);
    expect(await backfill(free!.mobile_number_id)).toBe(true);
    const { countryId } = ownNumber(rented!.mobile_number_id);
    const item = await numberItem(rented!.mobile_number_id);
    expect(item).toMatchObject({
      pickerList: catalogKeys.pickerList(countryId, NumberType.Shared),
      [catalogKeys.heldAttribute(rented!.service_provider_id)]: catalogKeys.heldWhileRented,
    });
    expect(item[stale]).toBeUndefined();
    const other = await numberItem(free!.mobile_number_id);
    expect(other.pickerList).toBe(catalogKeys.pickerList(countryId, NumberType.Shared));
    expect(Object.keys(other).filter((name) => name.startsWith('heldUntil_'))).toEqual([]);

    expect(await backfill(rented!.mobile_number_id)).toBe(false);
    expect(await backfill(free!.mobile_number_id)).toBe(false);
  });

  it('holds a resting Shared number for its service until the lock is reusable', async () => {
    const [request] = await ownShared(1);
    const user = await userWithBalance(100_00);
    const rental = await buy(user, request!);
    await backdateRental(user.sub, rental.id, 21); // past the refund window: the close rests the number
    expect((await as(user.idToken).post(`/user/rentals/${rental.id}/close`)).status).toBe(200);
    const { catalogKeys } = await import('@numbernest/core/catalogue');
    const held = catalogKeys.heldAttribute(request!.service_provider_id);
    const resting = (await numberItem(request!.mobile_number_id))[held] as string;
    expect(Date.parse(resting)).toBeGreaterThan(Date.now() + 80 * 86_400_000);

    await asBeforeTheIndex(request!.mobile_number_id);
    expect(await backfill(request!.mobile_number_id)).toBe(true);
    expect((await numberItem(request!.mobile_number_id))[held]).toBe(resting);
    expect(await backfill(request!.mobile_number_id)).toBe(false);
  });

  it('keeps a rented Private number and a retired one out of the picker list', async () => {
    const [rented, retired] = await ownPrivate(2);
    await buy(await userWithBalance(1_000_00), rented!);
    // A list key left on them (as a failed write of the past could have): the backfill removes it.
    const { catalogKeys } = await import('@numbernest/core/catalogue');
    const listed = { pickerList: catalogKeys.pickerList(ownNumber(rented!.mobile_number_id).countryId, NumberType.Private) };
    await asBeforeTheIndex(rented!.mobile_number_id, listed);
    await asBeforeTheIndex(retired!.mobile_number_id, { ...listed, retiredAt: new Date().toISOString() });

    expect(await backfill(rented!.mobile_number_id)).toBe(true);
    expect(await backfill(retired!.mobile_number_id)).toBe(true);
    expect((await numberItem(rented!.mobile_number_id)).pickerList).toBeUndefined();
    expect((await numberItem(retired!.mobile_number_id)).pickerList).toBeUndefined();
    expect(await backfill(rented!.mobile_number_id)).toBe(false);
  });
});
