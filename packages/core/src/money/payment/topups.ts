import type { Checkout, PaymentProvider, TopUp, TopUpStatus } from '@numbernest/contracts';
import { readIndex, readItem, transact, txPutNew, updateItem } from '../../shared/db';
import { topUpItem, topUpOfUserItem } from '../../shared/db/items/money';
import { NotFoundError, UpstreamError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { log } from '../../shared/log';
import { toDollars, type Cents } from '../../shared/pricing';
import type { UserItem } from '../../accounts';
import { adapters } from './adapters';
import type { TopUpItem } from './items';
import { topUpExpiryQueue, topUpLifetimeMs } from './keys';
import { apiUrl, siteUrl } from '../../shared/settings';

/**
 * Starts a top-up: a pending item first (so a notification can never arrive for an unknown id),
 * then the provider's checkout. A provider that cannot be reached leaves the top-up failed and
 * says so (502), nothing charged.
 */
export async function createTopUp(user: UserItem, amountCents: Cents, provider: PaymentProvider): Promise<{ topUp: TopUpItem; checkout: Checkout }> {
  const adapter = adapters[provider];
  const now = Date.now();
  const { currency, merchant } = adapter.expected();
  const topUp: TopUpItem = {
    id: timeSortableId(now),
    sub: user.sub,
    email: user.email,
    provider,
    amountCents,
    currency,
    merchant,
    status: 'pending',
    createdAt: new Date(now).toISOString(),
    dueQueue: topUpExpiryQueue,
    dueAt: new Date(now + topUpLifetimeMs).toISOString(),
  };
  // A new time id is never taken: a clash is a bug, not a state to answer.
  const idTaken = () => new Error(`Top-up id ${topUp.id} is taken`);
  await transact([txPutNew(topUpItem, topUp, idTaken), txPutNew(topUpOfUserItem, { sub: user.sub, id: topUp.id, createdAt: topUp.createdAt }, idTaken)]);

  const returnUrl = (outcome: 'success' | 'cancel') => `${siteUrl()}/${provider}/${outcome}?top_up=${topUp.id}`;
  try {
    const { providerRef, ...checkout } = await adapter.createCheckout({
      topUpId: topUp.id,
      amountCents,
      email: user.email,
      accountSub: user.sub,
      successUrl: returnUrl('success'),
      cancelUrl: returnUrl('cancel'),
      notifyUrl: `${apiUrl()}/api/webhooks/${provider}`,
    });
    if (providerRef) await setFields(topUp.id, { checkoutRef: providerRef });
    return { topUp: { ...topUp, ...(providerRef ? { checkoutRef: providerRef } : {}) }, checkout };
  } catch (error) {
    log.error('Checkout could not be created', { provider, topUpId: topUp.id, error: String(error) });
    await moveStatus(topUp.id, ['pending'], 'failed').catch(() => undefined);
    throw new UpstreamError(`${providerNames[provider]} is not reachable right now. Try again or choose another method.`, 'PAYMENT_PROVIDER_UNREACHABLE', {
      provider: providerNames[provider],
    });
  }
}

const providerNames: Record<PaymentProvider, string> = {
  stripe: 'Stripe',
  perfectmoney: 'Perfect Money',
  payeer: 'Payeer',
  binance: 'Binance Pay',
  crypto: 'NOWPayments',
};

export async function findTopUp(id: string): Promise<TopUpItem | undefined> {
  return readItem(topUpItem, { id }, { consistent: true });
}

/** The owner's top-up (anyone else: NotFoundError). A pending one past its day reads as expired. */
export async function getTopUpOf(sub: string, id: string, now = Date.now()): Promise<TopUpItem> {
  const topUp = await findTopUp(id);
  if (!topUp || topUp.sub !== sub) throw new NotFoundError('Top-up not found', 'TOP_UP_NOT_FOUND');
  if (topUp.status === 'pending' && Date.parse(topUp.createdAt) + topUpLifetimeMs <= now) return (await expireTopUp(topUp.id)) ?? topUp;
  return topUp;
}

/** The API shape. */
export const toTopUp = (topUp: TopUpItem): TopUp => ({
  id: topUp.id,
  provider: topUp.provider,
  amount: toDollars(topUp.amountCents),
  status: topUp.status,
  created_at: topUp.createdAt,
  paid_at: topUp.paidAt ?? null,
});

/**
 * Moves a top-up from one of `from` to `to` (nothing else changes it, so each move happens once);
 * the new item, or undefined when it was not in one of `from`.
 */
export function moveStatus(id: string, from: TopUpStatus[], to: TopUpStatus, fields: Partial<TopUpItem> = {}): Promise<TopUpItem | undefined> {
  return updateItem(
    topUpItem,
    { id },
    // Leaving pending also leaves the expiry queue.
    { set: { ...fields, status: to }, ...(to === 'pending' ? {} : { remove: ['dueQueue', 'dueAt'] }), when: { status: { oneOf: from } } },
  );
}

async function setFields(id: string, fields: Partial<TopUpItem>): Promise<void> {
  await updateItem(topUpItem, { id }, { set: fields, ifExists: false });
}

const expireTopUp = (id: string) => moveStatus(id, ['pending'], 'expired');

/**
 * The expiry job: pending top-ups past their day become expired (the balance is untouched).
 * Safe to run again or twice at once: each move is conditional on still being pending.
 */
export async function expireDueTopUps(now = Date.now()): Promise<number> {
  const due = await readIndex(topUpItem, 'dueByTime', topUpExpiryQueue, { skTo: new Date(now).toISOString() });
  let expired = 0;
  for (const item of due) if (await expireTopUp(item.id)) expired++;
  return expired;
}
