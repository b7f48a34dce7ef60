import { NumberType } from '@numbernest/contracts';
import { findUser } from '../../accounts';
import { upstreamStockIn } from '../../catalogue';
import { purchaseRental, queueUnsoldUpstreamNumber, upstreamAccountSub } from '../../rentals';
import { readItems, updateItem } from '../../shared/db';
import { upstreamItem } from '../../shared/db/items/upstreams';
import { log } from '../../shared/log';
import { isLocalStage } from '../../shared/settings';
import type { SourceOutcome, SourceTry } from '../source-try';
import type { AgentPurchase } from '../agents';
import { outsideNumber } from '../inventory/outside-numbers';
import { upstreamCostCeilingCents, upstreamCostCents, upstreamMaxPrice } from './money';
import { upstreamState, type UpstreamItem } from './registry';

/** One upstream's getNumber may take this long: a customer waits for it. */
export const upstreamBuyDeadlineMs = 3_000;

/** An upstream that may sell this activation now: active, with fresh stock for it, its cost within the margin and its account able to pay. */
export interface UpstreamOffer {
  upstream: UpstreamItem;
  /** What its last sync priced it at, in cents. */
  costCents: number;
  /** The most it may cost us: the customer's price less the upstream's minimum margin. */
  ceilingCents: number;
}

/** An upstream with stock that may not sell this one, and why (for the purchase's decision record). */
export interface UpstreamSkipped {
  source: `upstream:${string}`;
  outcome: 'too-expensive' | 'no-balance';
}

/**
 * What upstream providers offer for a Temporary activation of the service in the country: the active
 * ones with fresh stock for it whose cost leaves their minimum margin and whose ledger account covers
 * it (cheapest first), and those with stock that may not sell it.
 */
export async function upstreamOffersFor(
  purchase: Pick<AgentPurchase, 'country' | 'service' | 'priceCents'>,
): Promise<{ offers: UpstreamOffer[]; skipped: UpstreamSkipped[] }> {
  const stock = (await upstreamStockIn(purchase.country.id)).flatMap((s) =>
    s.offers.filter((o) => o.serviceId === purchase.service.id && o.count > 0).map((o) => ({ upstreamId: s.upstreamId, costCents: o.costCents })),
  );
  if (!stock.length) return { offers: [], skipped: [] };
  const upstreams = new Map(
    (
      await readItems(
        upstreamItem,
        stock.map(({ upstreamId }) => ({ id: upstreamId })),
      )
    ).map((u) => [u.id, u]),
  );
  const offers: UpstreamOffer[] = [];
  const skipped: UpstreamSkipped[] = [];
  for (const offer of stock) {
    const upstream = upstreams.get(offer.upstreamId);
    if (!upstream || upstreamState(upstream) !== 'active') continue;
    const source = `upstream:${upstream.id}` as const;
    const ceilingCents = upstreamCostCeilingCents(purchase.priceCents, upstream.minMarginPercent);
    if (offer.costCents > ceilingCents) skipped.push({ source, outcome: 'too-expensive' });
    else if (await accountShort(upstream.id, offer.costCents)) skipped.push({ source, outcome: 'no-balance' });
    else offers.push({ upstream, costCents: offer.costCents, ceilingCents });
  }
  return { offers: offers.sort((a, b) => a.costCents - b.costCents), skipped };
}

/**
 * A Temporary activation bought from one upstream provider and sold on: getNumber with `maxPrice`
 * always, within `deadlineMs` (at most `upstreamBuyDeadlineMs`); the number, if it passes our checks,
 * is sold through the same purchase as any Temporary number, its cost debited from the upstream's
 * ledger account in that transaction. A number bought and not sold is cancelled at the upstream at
 * once (the end queue).
 */
export async function buyFromUpstreamOffer(purchase: AgentPurchase, { upstream, ceilingCents }: UpstreamOffer, deadlineMs: number): Promise<SourceTry> {
  const started = performance.now();
  const tried = (outcome: SourceOutcome, detail?: string): SourceTry => ({
    outcome,
    ...(detail ? { detail } : {}),
    ms: Math.round(performance.now() - started),
  });
  // The wire's code only on this path (see shared/upstream-protocol).
  const { upstreamBuy, upstreamCodesOf } = await import('../../shared/upstream-protocol');
  const codes = upstreamCodesOf(upstream.kind, purchase.country.iso, purchase.service.code);
  if (!codes) return tried('failed', 'a country or service its protocol does not name');
  const result = await upstreamBuy(
    upstream,
    { ...codes, maxPrice: upstreamMaxPrice(ceilingCents, upstream.rate) },
    { deadlineMs: Math.min(upstreamBuyDeadlineMs, deadlineMs), local: isLocalStage() },
  );
  if (!result.ok) {
    log.warn('upstream skipped', { upstreamId: upstream.id, failure: result.failure, detail: result.detail, ms: Math.round(result.ms) });
    return tried(result.failure === 'timeout' ? 'timeout' : 'failed', result.failure);
  }
  const reply = result.reply;
  if (reply.status !== 'bought') {
    if (reply.status === 'refused') log.warn('upstream refused a purchase', { upstreamId: upstream.id, detail: reply.detail });
    return reply.status === 'refused' ? tried('refused', reply.detail.slice(0, 100)) : tried(reply.status);
  }
  const unsold = (why: string) => queueUnsoldUpstreamNumber(upstream.id, reply.activationId, why);
  const costCents = reply.price === null ? ceilingCents : upstreamCostCents(reply.price, upstream.rate);
  const digits = reply.phone.replace(/^\+/, '');
  if (costCents > ceilingCents) {
    await unsold('sold above maxPrice');
    return tried('too-expensive', 'sold above maxPrice');
  }
  if (purchase.exceptions.some((prefix) => digits.startsWith(prefix))) {
    await unsold('a number with an excluded prefix');
    return tried('refused', 'a number with an excluded prefix');
  }
  const number = await outsideNumber({ provider: 'upstream', upstreamId: upstream.id }, digits, purchase.country);
  if (!number.ok) {
    await unsold(number.reason);
    return tried('refused', number.reason);
  }
  try {
    const { rental } = await purchaseRental({
      loadUser: async () => purchase.user,
      request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: number.numberId, service_provider_id: purchase.service.id },
      idempotencyKey: purchase.idempotencyKey,
      upstreamSale: { upstreamId: upstream.id, activationId: reply.activationId, costCents },
    });
    if (rental.upstreamSale?.activationId !== reply.activationId)
      await unsold('the order was bought already'); // a replay answered the first purchase
    else await updateItem(upstreamItem, { id: upstream.id }, { add: { purchases: 1, spendCents: costCents } });
    return { ...tried('bought'), rental };
  } catch (error) {
    await unsold(`the purchase failed: ${error instanceof Error ? error.message : String(error)}`);
    // Its account spent meanwhile by another purchase: the next source may still serve this one.
    if (await accountShort(upstream.id, costCents)) return tried('no-balance');
    throw error;
  }
}

/** The upstream's ledger account cannot pay `cents` (or it has none yet: nothing deposited). */
async function accountShort(upstreamId: string, cents: number): Promise<boolean> {
  const account = await findUser(upstreamAccountSub(upstreamId));
  return !account || account.balanceCents < cents;
}
