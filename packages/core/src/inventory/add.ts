import type { NumberType } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { catalogKeys, numberFactsOf, type NumberItem, type NumberSource } from '../catalog';
import { listCountryItems } from '../catalog/countries';
import { db, failedCondition, putNew, tableName, transactWrite } from '../db';
import { rentalKeys } from '../rental/keys';

/**
 * Adding numbers to the inventory, one number one transaction: its `PHONE#<e164>` lookup item put
 * only if new (so a number is never added twice, however often or concurrently it is offered),
 * its `NUMBER_ID#` facts and its live `NUMBERS#<country>#<type>` item, available at once. Ids come
 * from one atomic counter (a failed add leaves a gap, never a clash). Kept small: the number
 * sources (Twilio import) call it; callers check the rows and record the audit entry.
 */
export interface NewNumber {
  e164: string;
  countryId: number;
  typeId: NumberType;
  source: NumberSource;
}

export interface AddResult {
  created: number;
  /** Not added, with why: `duplicate` (already ours), `unknown-country`. */
  skipped: Array<{ e164: string; reason: string }>;
  /** The E.164 of each number created. */
  added: string[];
}

export const inventoryKeys = { numberCounter: { pk: 'NUMBER_COUNTER', sk: 'COUNTER' } };

/** Added numbers' ids start above the seed's (which count from 1). */
const firstAddedId = 100_000;

/** Takes `count` consecutive number ids for good; answers the first. */
async function allocateNumberIds(count: number): Promise<number> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: inventoryKeys.numberCounter,
      UpdateExpression: 'SET #last = if_not_exists(#last, :first) + :count',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':first': firstAddedId, ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes as { last: number }).last - count + 1;
}

export async function addNumbers(rows: readonly NewNumber[], operator: OperatorRef, now = new Date()): Promise<AddResult> {
  const countries = new Set((await listCountryItems()).map((c) => c.id));
  const skipped: AddResult['skipped'] = [];
  const seen = new Set<string>();
  const valid = rows.filter((row) => {
    if (seen.has(row.e164)) skipped.push({ e164: row.e164, reason: 'duplicate' });
    else if (!countries.has(row.countryId)) skipped.push({ e164: row.e164, reason: 'unknown-country' });
    else return seen.add(row.e164);
    return false;
  });
  const added: string[] = [];
  if (!valid.length) return { created: 0, skipped, added };
  const firstId = await allocateNumberIds(valid.length);
  for (const [index, row] of valid.entries()) {
    const number: NumberItem = {
      numberId: firstId + index,
      countryId: row.countryId,
      typeId: row.typeId,
      e164: row.e164,
      status: 'available',
      source: row.source,
    };
    const facts = { ...numberFactsOf(number), addedAt: now.toISOString(), addedBy: operator.email };
    const { source: _fixed, ...live } = number;
    try {
      await transactWrite([
        putNew({ ...rentalKeys.phone(row.e164), ...facts }),
        putNew({ ...catalogKeys.numberById(number.numberId), ...facts }),
        putNew({ ...catalogKeys.number(row.countryId, row.typeId, number.numberId), ...live }),
      ]);
      added.push(row.e164);
    } catch (error) {
      if (!failedCondition(error)) throw error;
      skipped.push({ e164: row.e164, reason: 'duplicate' });
    }
  }
  return { created: added.length, skipped, added };
}
