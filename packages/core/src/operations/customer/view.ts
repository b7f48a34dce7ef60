import type { OpsApiKey, OpsRental, OpsUserTopUp, OpsUser } from '@numbernest/contracts/ops';
import type * as z from 'zod/mini';
import { readItems, readPage, readPartition, type Conditions, type ItemDefinition, type Page } from '../../shared/db';
import { apiKeyOfUserItem, apiKeyPrefix } from '../../shared/db/items/developer';
import { ledgerEntryItem } from '../../shared/db/items/ledger';
import { messageItem } from '../../shared/db/items/messages';
import { topUpItem, topUpOfUserItem } from '../../shared/db/items/money';
import { webhookDeliveryItem } from '../../shared/db/items/channels';
import { rentalItem, rentalPrefix } from '../../shared/db/items/rentals';
import { NotFoundError } from '../../shared/errors';
import type { TopUpItem } from '../../money';
import { ledgerKeys, toOpsLedgerEntry, topUpKeys, toTopUp } from '../../money';
import { messageKeys, toMessage } from '../../messaging';
import { toDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { refundableCents, toRental, getStanding } from '../../rentals';
import type { UserItem } from '../../accounts';
import { findUser, subOfEmailPointer } from '../../accounts';
import { toDeliveryView, findConfig, webhookKeys } from '../../channels';

/**
 * The customer view of the operator console: one customer's profile and, a page at a time, what
 * is kept in their partition (ledger, top-ups, rentals, messages, API keys, webhook deliveries),
 * in the shapes the customer's own routes use. Deleted accounts are found too: support still
 * settles them.
 */

/** The account an e-mail signed up with last (deleted ones too), or undefined. */
export async function findCustomerByEmail(email: string): Promise<UserItem | undefined> {
  const sub = await subOfEmailPointer(email);
  return sub === undefined ? undefined : findUser(sub);
}

export async function getCustomer(sub: string): Promise<UserItem> {
  const user = await findUser(sub);
  if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
  return user;
}

/** The profile summary (with the webhook URL, never its secret). */
export async function customerSummary(user: UserItem): Promise<OpsUser> {
  const [webhook, standing] = await Promise.all([findConfig(user.sub), getStanding(user.sub)]);
  return {
    sub: user.sub,
    email: user.email,
    email_verified: Boolean(user.emailVerifiedAt),
    created_at: user.createdAt,
    deleted_at: user.deletedAt ?? null,
    balance: toDollars(user.balanceCents),
    account_hold: user.accountHold ? { since: user.accountHold.since, reason: user.accountHold.reason } : null,
    blocked: user.blocked ?? null,
    operator_since: user.operatorSince ?? null,
    webhook_url: webhook?.url ?? null,
    standing,
  };
}

export interface PageQuery {
  cursor?: string;
  limit?: number;
}

/** One page of the customer's items of one type (sort keys under `prefix`), newest first. */
function newestFirst<Shape extends z.ZodMiniObject, KeyArgs>(
  definition: ItemDefinition<string, Shape, KeyArgs>,
  args: KeyArgs,
  prefix: string,
  query: PageQuery,
  filter?: Conditions<z.infer<Shape>>,
) {
  return readPage(definition, args, query.limit ?? 50, query.cursor, { skPrefix: prefix, descending: true, ...(filter ? { filter } : {}) });
}

const mapPage = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({ items: page.items.map(map), ...(page.cursor ? { cursor: page.cursor } : {}) });

export async function customerLedger(sub: string, query: PageQuery) {
  return mapPage(await newestFirst(ledgerEntryItem, { sub, seq: 0 }, ledgerKeys.entryPrefix, query), toOpsLedgerEntry);
}

export const toOpsUserTopUp = (topUp: TopUpItem): OpsUserTopUp => ({
  ...toTopUp(topUp),
  reversed: toDollars(topUp.reversedCents ?? 0),
  review_reason: topUp.reviewReason ?? null,
});

/** Top-ups through their pointers in the customer's partition, whatever their status. */
export async function customerTopUps(sub: string, query: PageQuery): Promise<Page<OpsUserTopUp>> {
  const page = await newestFirst(topUpOfUserItem, { sub, id: '' }, topUpKeys.userPrefix, query);
  const topUps = await readItems(
    topUpItem,
    page.items.map(({ id }) => ({ id })),
  );
  const found = new Map(topUps.map((topUp) => [topUp.id, topUp]));
  return mapPage({ ...page, items: page.items.flatMap((p) => found.get(p.id) ?? []) }, toOpsUserTopUp);
}

export const toOpsRental = (rental: RentalItem): OpsRental => ({
  ...toRental(rental),
  refunded: toDollars(rental.ended === 'refunded' ? rental.priceCents : (rental.refundedCents ?? 0)),
  refundable_amount: toDollars(refundableCents(rental)),
});

export async function customerRentals(sub: string, query: PageQuery) {
  return mapPage(await newestFirst(rentalItem, { sub, id: '' }, rentalPrefix, query), toOpsRental);
}

export async function customerMessages(sub: string, query: PageQuery & { box?: 'inbox' | 'sent' }) {
  const page = await newestFirst(messageItem, { sub, id: '' }, messageKeys.prefix, query, query.box ? { box: { equals: query.box } } : undefined);
  return mapPage(page, toMessage);
}

export async function customerWebhookDeliveries(sub: string, query: PageQuery) {
  return mapPage(await newestFirst(webhookDeliveryItem, { sub, id: '' }, webhookKeys.deliveryPrefix, query), toDeliveryView);
}

/** Every key of the customer, revoked ones too, newest first: names and times, never the key or its hash. */
export async function customerApiKeys(sub: string): Promise<OpsApiKey[]> {
  const items = await readPartition(apiKeyOfUserItem, { sub, id: '' }, { skPrefix: apiKeyPrefix });
  return items
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((k) => ({ id: k.id, name: k.name, created_at: k.createdAt, last_used_at: k.lastUsedAt ?? null, revoked_at: k.revokedAt ?? null }));
}
