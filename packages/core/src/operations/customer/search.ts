import { phoneDigits, type OpsCustomerMatch, type OpsCustomerSearchQuery } from '@numbernest/contracts/ops';
import { readItem, readItems, readPartition, scanPage } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { numberByPhoneItem } from '../../shared/db/items/catalogue-number-by-phone';
import { emailPointerItem } from '../../shared/db/items/email-pointers';
import { numberLockItem, rentalIdItem, rentalItem } from '../../shared/db/items/rentals';

/**
 * Finding customers for operators. A number is a key: its E.164 names the number, the number's locks
 * name who holds it and who held it last, a few GetItems and one partition Query. A rental id is a
 * key too: its pointer names the account. Part of an e-mail is
 * not a key: it is a Scan of the table's e-mail pointers, one bounded slice a request
 * (docs/access-patterns.md), paginated by the cursor; only operators ask it, and rarely.
 */

/** Items a request's Scan reads at most (the filter keeps e-mail pointers only): about 0.5 MB, one page of DynamoDB's. */
export const emailScanSlice = 2_000;

interface Found {
  items: OpsCustomerMatch[];
  cursor?: string;
}

export function searchCustomers(query: OpsCustomerSearchQuery): Promise<Found> {
  if (query.by === 'phone') return customersOfNumber(`+${phoneDigits(query.q)}`);
  if (query.by === 'rental') return customerOfRental(query.q.toLowerCase());
  return customersByEmailPart(query.q, query.cursor);
}

/** The account a rental id belongs to (its pointer, then the rental for its number); none for an unknown id. */
async function customerOfRental(id: string): Promise<Found> {
  const pointer = await readItem(rentalIdItem, { rentalId: id });
  if (!pointer) return { items: [] };
  const [rental, matches] = await Promise.all([readItem(rentalItem, { sub: pointer.sub, id }), matchesOf([pointer.sub], null)]);
  return { items: matches.map((match) => ({ ...match, number: rental?.e164 ?? null, rental_id: id })) };
}

/** Who holds the number now (with the rental) and who held it last for each service; none for an unknown number. */
async function customersOfNumber(e164: string): Promise<Found> {
  const phone = await readItem(numberByPhoneItem, { e164 });
  if (!phone) return { items: [] };
  const locks = await readPartition(numberLockItem, { numberId: phone.numberId });
  const rentalOf = new Map<string, string | null>();
  for (const lock of locks) {
    if (lock.activeSub) rentalOf.set(lock.activeSub, lock.activeRentalId ?? null);
    if (lock.lastSub && !rentalOf.has(lock.lastSub)) rentalOf.set(lock.lastSub, null);
  }
  const matches = await matchesOf([...rentalOf.keys()], e164);
  return { items: matches.map((match) => ({ ...match, rental_id: rentalOf.get(match.sub) ?? null })) };
}

/** One slice of the e-mail pointers whose address contains the part (any case), from the cursor on. */
async function customersByEmailPart(part: string, cursor?: string): Promise<Found> {
  const page = await scanPage(emailPointerItem, {
    filter: { named: { pk: { contains: part.toLowerCase() } } },
    limit: emailScanSlice,
    startKey: startOf(cursor),
  });
  const subs = [...new Set(page.items.map((pointer) => pointer.sub))];
  const next = page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : undefined;
  return { items: await matchesOf(subs, null), ...(next ? { cursor: next } : {}) };
}

/** A cursor back to the Scan's start key; one that is not a key -> the start of the table. */
function startOf(cursor: string | undefined): Record<string, string> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof key?.pk === 'string' && typeof key.sk === 'string' ? { pk: key.pk, sk: key.sk } : undefined;
  } catch {
    return undefined;
  }
}

/** The profiles of these accounts (deleted ones too), by e-mail. */
async function matchesOf(subs: string[], number: string | null): Promise<OpsCustomerMatch[]> {
  const profiles = await readItems(
    userProfileItem,
    subs.map((sub) => ({ sub })),
  );
  return profiles
    .map((user) => ({ sub: user.sub, email: user.email, deleted: Boolean(user.deletedAt), blocked: Boolean(user.blocked), number, rental_id: null }))
    .sort((a, b) => a.email.localeCompare(b.email));
}
