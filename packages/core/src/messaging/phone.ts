import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { catalogKeys, sourceOf, type NumberFacts } from '../catalogue';
import type { NumberSource } from '../catalogue';
import { db, tableName } from '../shared/db';

/** A number's fixed facts by its E.164 (the seeded `PHONE#` item), if it is ours. */
export async function findPhone(e164: string): Promise<NumberFacts | undefined> {
  if (!e164) return undefined;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: catalogKeys.numberByPhone(e164) }));
  return Item as NumberFacts | undefined;
}

/** Which upstream hosts a number (undefined: not ours). The local SMS sandbox sends through it. */
export async function numberSourceOf(e164: string): Promise<NumberSource | undefined> {
  const phone = await findPhone(e164);
  return phone && sourceOf(phone);
}
