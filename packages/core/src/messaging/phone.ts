import { sourceOf, type NumberFacts, type NumberSource } from '../catalogue';
import { readItem } from '../shared/db';
import { numberByPhoneItem } from '../shared/db/items/catalogue-number-by-phone';

/** A number's fixed facts by its E.164 (the seeded `PHONE#` item), if it is ours. */
export async function findPhone(e164: string): Promise<NumberFacts | undefined> {
  if (!e164) return undefined;
  return readItem(numberByPhoneItem, { e164 });
}

/** Which upstream hosts a number (undefined: not ours). The local SMS sandbox sends through it. */
export async function numberSourceOf(e164: string): Promise<NumberSource | undefined> {
  const phone = await findPhone(e164);
  return phone && sourceOf(phone);
}
