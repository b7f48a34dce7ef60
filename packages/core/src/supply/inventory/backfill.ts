import { NumberType } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import { catalogKeys } from '../../catalogue';
import { readItem, readPartitionKeyed, retryOnConflict, scanPages, updateItem, type Condition, type Conditions } from '../../shared/db';
import { numberItem } from '../../shared/db/items/catalogue-numbers';
import { numberWithMarksItem } from '../../shared/db/items/catalogue-number-marks';
import { numberLockItem } from '../../shared/db/items/rentals';

/** A number lock as `rentals/locks.ts` writes it, with the sort key that names its service. */
type Lock = { sk: string; activeRentalId?: string; reusableAt?: string; blockedAt?: string };
type Stored = z.infer<typeof numberWithMarksItem.schema>;
type NumberKey = Parameters<typeof numberItem.key>[0];

export interface BackfillReport {
  /** Number items read. */
  numbers: number;
  /** Number items changed (the rest were already right). */
  updated: number;
}

/** The number changed between the read and the write: read and decide again. */
class NumberChanged extends Error {}

const heldPrefix = 'heldUntil_';

/**
 * What the number item should say, from its own state and its locks: in the picker's list when
 * offered, and held per service while a lock is taken or resting (as the lock's transactions now
 * keep it). `undefined` values are attributes to remove.
 */
function wanted(number: Stored, locks: readonly Lock[], now: string): Record<string, string | undefined> {
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
export async function backfillNumber(number: NumberKey, now = new Date().toISOString()): Promise<boolean> {
  return retryOnConflict(() => backfillOnce(number, now), {
    attempts: 5,
    retryOn: (error) => error instanceof NumberChanged,
    exhausted: () => {
      throw new Error(`Number ${number.countryId}/${number.typeId}/${number.numberId} kept changing; run the backfill again`);
    },
  });
}

async function backfillOnce(args: NumberKey, now: string): Promise<boolean> {
  const number = await readItem(numberWithMarksItem, args);
  if (!number) return false;
  const locks = (await readPartitionKeyed(numberLockItem, { numberId: number.numberId })).map(({ key, item }) => ({ sk: key.sk, ...item }));
  const target = wanted(number, locks, now);
  const changes = Object.entries(target).filter(([name, value]) => number[name] !== value);
  if (!changes.length) return false;
  const entries = Object.entries(target);
  const marks = entries.filter(([name]) => name.startsWith(heldPrefix));
  const lists = entries.filter(([name]) => !name.startsWith(heldPrefix));
  const setOf = (of: typeof entries) => Object.fromEntries(of.filter((entry): entry is [string, string] => entry[1] !== undefined));
  const removed = (of: typeof entries) => of.filter(([, value]) => value === undefined).map(([name]) => name);
  const unchanged = (seen: unknown): Condition<string> => (seen === undefined ? { absent: true } : { equals: String(seen) });
  // Conditioned on what the target was computed from: its retirement, status and held marks.
  const when: Conditions<Stored> = {
    retiredAt: number.retiredAt ? { exists: true } : { absent: true },
    status: unchanged(number.status) as Condition<Stored['status']>,
    named: Object.fromEntries(marks.map(([name]) => [name, unchanged(number[name])])),
  };
  await updateItem(numberWithMarksItem, args, {
    set: setOf(lists),
    remove: removed(lists),
    named: { set: setOf(marks), remove: removed(marks) },
    when,
    onConditionFailed: () => new NumberChanged(),
  });
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
    const pending = [...page.items];
    const worker = async () => {
      for (let number = pending.shift(); number; number = pending.shift()) if (await backfillNumber(number, at)) report.updated++;
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
  return report;
}
