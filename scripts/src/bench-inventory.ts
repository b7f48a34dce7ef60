/**
 * Inventory for the picker sweep and the journey of `npm run bench`: a country of the bench's own
 * (an id and ISO code the seed does not use) with service offers, made through the operators'
 * catalogue functions, and numbers bulk-written through the operators' import (the CSV import's
 * core function, which validates each number with libphonenumber-js and writes each number's items
 * in transactions). Imported after the local cloud has set the emulator endpoints in process.env.
 */
import { performance } from 'node:perf_hooks';
import type { NumberType } from '@numbernest/contracts';

/** Who the bench's catalogue edits and imports are recorded as (the audit log's CLI form). */
export const benchOperator = { sub: 'cli:bench', email: 'bench' };

/** The picker's one live read, straight from DynamoDB (the floor under POST /get-numbers): its first page. */
export async function pickerRead(countryId: number, typeId: NumberType, serviceId?: number): Promise<unknown> {
  const { readNumbersPage } = await import('@numbernest/core/catalogue');
  return readNumbersPage({ countryId, typeId, ...(serviceId === undefined ? {} : { serviceId }), limit: 100 });
}

export interface BenchCountry {
  id: number;
  name: string;
  iso: string;
  dialCode: string;
  /** Services offered there (Shared, and Temporary at `temporaryPrice` when given). */
  serviceIds: readonly number[];
  temporaryPrice?: number;
}

/** Adds the country and its offers as an operator would (the console's core functions). */
export async function addBenchCountry(country: BenchCountry): Promise<void> {
  const { addCountry, putOffer, clearReferenceCache } = await import('@numbernest/core/catalogue');
  const by = { operator: benchOperator, reason: 'bench' };
  await addCountry({ id: country.id, name: country.name, iso: country.iso, dial_code: country.dialCode }, by);
  for (const serviceId of country.serviceIds) {
    await putOffer(
      country.id,
      serviceId,
      { price_per_day: 0.5, discount_1: 0, discount_2: 0, discount_3: 0, temporary_price: country.temporaryPrice ?? null },
      by,
    );
  }
  // The gateway runs in this process: its warm catalogue must see the new country now, not in a minute.
  clearReferenceCache();
}

/** Rows per import call: the console's own limit per request (its audit entry lists every number). */
const rowsPerImport = 1000;
/** Import calls at once (each writes its transactions 4 at a time). */
const parallelImports = 4;

/**
 * Imports `count` numbers of one (country, type): E.164s `+{first}`, `+{first + 1}`, …; returns the
 * seconds it took. Every number must be valid for the country (the import skips invalid ones, and
 * this throws when any was skipped).
 */
export async function importRange(countryId: number, typeId: NumberType, first: number, count: number): Promise<number> {
  const { importNumbers } = await import('@numbernest/core/supply');
  const started = performance.now();
  const chunks = Array.from({ length: Math.ceil(count / rowsPerImport) }, (_, c) =>
    Array.from({ length: Math.min(rowsPerImport, count - c * rowsPerImport) }, (_, i) => ({
      e164: `+${first + c * rowsPerImport + i}`,
      country_id: countryId,
      mobile_number_type_id: typeId,
      source: 'twilio',
    })),
  );
  const worker = async () => {
    for (let rows = chunks.shift(); rows; rows = chunks.shift()) {
      const { created, skipped } = await importNumbers(benchOperator, rows);
      if (skipped.length) throw new Error(`import skipped ${skipped.length} of ${rows.length} rows (first: ${skipped[0]!.e164} ${skipped[0]!.reason})`);
      if (created !== rows.length) throw new Error(`import created ${created} of ${rows.length}`);
    }
  };
  await Promise.all(Array.from({ length: parallelImports }, worker));
  return Math.round((performance.now() - started) / 100) / 10;
}
