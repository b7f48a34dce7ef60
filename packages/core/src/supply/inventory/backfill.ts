import { NumberType } from '@numbernest/contracts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { NumberItem } from '../../catalogue';
import { catalogKeys } from '../../catalogue';
import { db, getItem, queryPartition, retryOnConflict, scanPages, tableName, updateExpression, type Key } from '../../shared/db';
import { numberItem } from '../../shared/db/items/catalogue-numbers';
import { rentalKeys } from '../../rentals';

/** A number lock as `rental/locks.ts` writes it. */
interface LockItem extends Key {
  activeRentalId?: string;
  reusableAt?: string;
  blockedAt?: string;
}

export interface BackfillReport {
  /** Number items read. */
  numbers: number;
  /** Number items changed (the rest were already right). */
  updated: number;
}

type Stored = NumberItem & Key & Record<string, unknown>;

const heldPrefix = 'heldUntil_';

/**
 * What the number item should say, from its own state and its locks: in the picker's list when
 * offered, and held per service while a lock is taken or resting (as the lock's transactions now
 * keep it). `undefined` values are attributes to remove.
 */
function wanted(number: Stored, locks: readonly LockItem[], now: string): Record<string, string | undefined> {
  const offered = !number.retiredAt && (number.typeId !== NumberType.Private || number.status === 'available');
  const out: Record<string, string | undefined> = {
    inventoryList: catalogKeys.inventoryList,
    inventoryKey: catalogKeys.inventoryKey(number.countryId, number.typeId, number.e164),
    pickerList: offered ? catalogKeys.pickerList(number.countryId, number.typeId) : undefined,
  };
  for (const name of Object.keys(number)) if (name.startsWith(heldPrefix)) out[name] = undefined;
  if (number.typeId !== NumberType.Private) {
    for (const lock of locks) {
      if (!lock.sk.startsWith('SERVICE#')) continue;
      const serviceId = Number(lock.sk.slice('SERVICE#'.length));
      const held = lock.blockedAt
        ? catalogKeys.heldForGood
        : lock.activeRentalId
          ? catalogKeys.heldWhileRented
          : lock.reusableAt && lock.reusableAt > now
            ? lock.reusableAt
            : undefined;
      out[catalogKeys.heldAttribute(serviceId)] = held;
    }
  }
  return out;
}

/**
 * One number brought up to date, conditioned on the attributes it was computed from (status,
 * retirement, the held ones): a purchase or release in between makes it read and decide again.
 * True when it changed something.
 */
export async function backfillNumber(key: Key, now = new Date().toISOString()): Promise<boolean> {
  return retryOnConflict(() => backfillOnce(key, now), {
    attempts: 5,
    retryOn: (error) => error instanceof ConditionalCheckFailedException,
    exhausted: () => {
      throw new Error(`Number ${key.pk} ${key.sk} kept changing; run the backfill again`);
    },
  });
}

async function backfillOnce(key: Key, now: string): Promise<boolean> {
  // Raw reads and Update: `heldUntil_<service>` (named at run time) and the locks' sort keys lie outside the schemas, and the layer cannot set or remove run-time names.
  const number = await getItem<Stored>(key);
  if (!number) return false;
  const locks = await queryPartition<LockItem>(rentalKeys.locksOf(number.numberId));
  const target = wanted(number, locks, now);
  const changes = Object.entries(target).filter(([name, value]) => number[name] !== value);
  if (!changes.length) return false;
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const remove: string[] = [];
  const condition = ['attribute_exists(pk)', number.retiredAt ? 'attribute_exists(retiredAt)' : 'attribute_not_exists(retiredAt)'];
  condition.push(number.status === undefined ? 'attribute_not_exists(#status)' : '#status = :status');
  if (number.status !== undefined) values[':status'] = number.status;
  Object.keys(target).forEach((name, i) => {
    names[`#a${i}`] = name;
    const value = target[name];
    if (value === undefined) remove.push(`#a${i}`);
    else {
      set.push(`#a${i} = :v${i}`);
      values[`:v${i}`] = value;
    }
    if (name.startsWith(heldPrefix)) {
      const seen = number[name];
      condition.push(seen === undefined ? `attribute_not_exists(#a${i})` : `#a${i} = :s${i}`);
      if (seen !== undefined) values[`:s${i}`] = seen;
    }
  });
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: updateExpression({ set, remove }),
      ConditionExpression: condition.join(' AND '),
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
  return true;
}

/**
 * `npm run ops -- backfill-numbers`, once after deploying the picker index: every number item gets
 * `pickerList` when offered (and the operators' list keys where missing), and `heldUntil_<service>`
 * from its locks (taken or reported: held; resting: until `reusableAt`; free: none). Idempotent: a second run
 * changes nothing. Off the request path: it scans the table once (numbers are a small part of it),
 * then reads each number's locks.
 */
export async function backfillNumbers(now = new Date()): Promise<BackfillReport> {
  const report: BackfillReport = { numbers: 0, updated: 0 };
  const at = now.toISOString();
  for await (const page of scanPages(numberItem, { fields: ['countryId', 'typeId', 'numberId'] })) {
    report.numbers += page.items.length;
    const pending = page.items.map((number) => numberItem.key(number));
    const worker = async () => {
      for (let key = pending.shift(); key; key = pending.shift()) if (await backfillNumber(key, at)) report.updated++;
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
  return report;
}
