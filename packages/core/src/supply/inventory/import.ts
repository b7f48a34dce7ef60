import { NumberType } from '@numbernest/contracts';
import { type ImportNumberRow, type ImportNumbersReply, type ImportSkipReason, type OperatorRef } from '@numbernest/contracts/ops';
import type { CountryItem, NumberSource } from '../../catalogue';
import { numberRecords } from '../../catalogue';
import { readItems, readPartition, transactOrFailures, txPutNew, updateItem } from '../../shared/db';
import { countryItem } from '../../shared/db/items/catalogue';
import { numberByPhoneItem } from '../../shared/db/items/catalogue-number-by-phone';
import { numberFactsItem } from '../../shared/db/items/catalogue-number-facts';
import { numberItem } from '../../shared/db/items/catalogue-numbers';
import { numberIdCounterItem } from '../../shared/db/items/supply-number-ids';
import { timeSortableId } from '../../shared/ids';
import { recordAudit } from '../../accounts';
import { parseSource } from './shape';

type Skipped = ImportNumbersReply['data']['skipped'][number];

/** A number checked and ready to add: E.164, a country of ours, its type and the upstream that hosts it. */
export interface NewNumber {
  e164: string;
  countryId: number;
  typeId: NumberType;
  source: NumberSource;
  /** false: kept out of the picker's list, sold only through its source (a partner's agent gives it to one activation at a time). */
  offered?: false;
}
type Candidate = NewNumber;

/** Imported ids start above this: far above the seeded ones (small and sequential). */
const firstNumberId = 1_000_000;
/** Numbers per transaction: three items each, within DynamoDB's 100. */
const perTransaction = 33;

const typeIds = new Set<number>([NumberType.Shared, NumberType.Private, NumberType.Temporary]);

/**
 * A row's number as E.164, if it is a valid number of that country (libphonenumber-js, loaded on
 * this path only: its metadata is most of a Lambda's budget). A country the library does not know
 * is checked by its calling code.
 */
async function checkNumber(text: string, country: CountryItem): Promise<{ e164: string } | { reason: ImportSkipReason }> {
  const { parsePhoneNumberFromString, isSupportedCountry } = await import('../../shared/phone-numbers');
  const iso = country.iso.toUpperCase();
  const known = isSupportedCountry(iso);
  const number = known ? parsePhoneNumberFromString(text, iso) : parsePhoneNumberFromString(text);
  if (!number?.isValid()) return { reason: 'invalid-number' };
  const inCountry = known ? number.country === iso : number.countryCallingCode === country.dialCode;
  return inCountry ? { e164: number.number } : { reason: 'not-in-country' };
}

/** Takes `count` fresh number ids at once (one atomic ADD); the last of them is returned. */
async function allocateNumberIds(count: number): Promise<number> {
  const counter = await updateItem(numberIdCounterItem, {}, { addFrom: { last: { from: firstNumberId, by: count } }, ifExists: false });
  return counter!.last; // unconditioned: always written
}

/** A number's item another import (or the seed) wrote first: the number is ours already. */
class NumberExists extends Error {
  constructor(readonly e164: string) {
    super(`${e164} exists`);
  }
}

/**
 * Writes numbers in transactions of 33 (each number's three items, each put only if new). The
 * E.164 item decides: when another import (or the seed) wrote it first, that transaction is
 * cancelled naming it, and the rest of the batch is tried again without it. So two imports of the
 * same number at the same moment create it once, and the other reports it as existing.
 */
async function writeBatch(batch: Array<Candidate & { numberId: number }>, now: Date, exists: (e164: string) => void): Promise<string[]> {
  let pending = batch;
  for (let attempt = 0; pending.length; attempt++) {
    const parts = pending.flatMap((c) => {
      const { number, byId, phone } = numberRecords(c, { createdAt: now.toISOString(), ...(c.offered === false ? { pickerList: undefined } : {}) });
      const ours = () => new NumberExists(c.e164);
      return [txPutNew(numberByPhoneItem, phone, ours), txPutNew(numberFactsItem, byId, ours), txPutNew(numberItem, number, ours)];
    });
    const failed = await transactOrFailures(parts);
    if (!failed.length) return pending.map((c) => c.e164);
    const taken = new Set(failed.flatMap((error) => (error instanceof NumberExists ? [error.e164] : [])));
    if (attempt > 5) throw failed[0];
    for (const e164 of taken) exists(e164);
    pending = pending.filter((c) => !taken.has(c.e164));
  }
  return [];
}

/**
 * Adds checked numbers (distinct E.164s) to the inventory, available at once: the ones we have
 * already, or that another import writes first, come back in `existing`, never written twice.
 * The one write path of new numbers: the CSV import and the Twilio account import both use it.
 */
export async function addNumbers(candidates: readonly NewNumber[], now = new Date()): Promise<{ created: string[]; existing: string[] }> {
  // Numbers we have already: one BatchGet of their E.164 items (a race after it is caught by the writes).
  const known = new Set((await readItems(numberByPhoneItem, candidates)).map((p) => p.e164));
  const fresh = candidates.filter((c) => !known.has(c.e164));
  const created: string[] = [];
  const lost = new Set<string>();
  if (fresh.length) {
    const last = await allocateNumberIds(fresh.length);
    const withIds = fresh.map((c, i) => ({ ...c, numberId: last - fresh.length + 1 + i }));
    const batches = Array.from({ length: Math.ceil(withIds.length / perTransaction) }, (_, i) => withIds.slice(i * perTransaction, (i + 1) * perTransaction));
    const worker = async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) created.push(...(await writeBatch(batch, now, (e164) => lost.add(e164))));
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }
  return { created, existing: candidates.filter((c) => known.has(c.e164) || lost.has(c.e164)).map((c) => c.e164) };
}

/**
 * POST /api/ops/numbers: adds numbers from an operator's rows. Each row is checked on its own (a
 * known country, a type, a source, a number valid for the country, normalised to E.164), then
 * duplicates within the rows and against our numbers are skipped, never written twice. New numbers
 * are available at once (the picker reads numbers live). One audit entry per import.
 */
export async function importNumbers(operator: OperatorRef, rows: readonly ImportNumberRow[], now = new Date()): Promise<ImportNumbersReply['data']> {
  // Read live, not from the cache: a country added a moment ago takes numbers at once.
  const countries = new Map((await readPartition(countryItem, { id: 0 })).map((c) => [c.id, c]));
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const row of rows) {
    const skip = (reason: ImportSkipReason, e164 = row.e164) => skipped.push({ e164, reason });
    const country = countries.get(row.country_id);
    if (!country) {
      skip('unknown-country');
      continue;
    }
    if (!typeIds.has(row.mobile_number_type_id)) {
      skip('invalid-type');
      continue;
    }
    const source = parseSource(row.source);
    if (!source) {
      skip('invalid-source');
      continue;
    }
    const checked = await checkNumber(row.e164, country);
    if ('reason' in checked) {
      skip(checked.reason);
      continue;
    }
    if (seen.has(checked.e164)) {
      skip('duplicate-in-request', checked.e164);
      continue;
    }
    seen.add(checked.e164);
    candidates.push({ e164: checked.e164, countryId: country.id, typeId: row.mobile_number_type_id as NumberType, source });
  }

  const { created, existing } = await addNumbers(candidates, now);
  for (const e164 of existing) skipped.push({ e164, reason: 'exists' });

  const createdSet = new Set(created);
  await recordAudit(
    {
      operator,
      action: 'numbers.import',
      target: { type: 'numbers', id: timeSortableId(now.getTime()) },
      before: null,
      after: {
        rows: rows.length,
        created: created.length,
        skipped: skipped.length,
        // In the rows' order: what this import added.
        e164s: candidates.filter((c) => createdSet.has(c.e164)).map((c) => c.e164),
      },
    },
    now,
  );
  return { created: created.length, skipped };
}
