import { NumberType } from '@numbernest/contracts';
import { findUser } from '../../accounts';
import { upstreamStockIn } from '../../catalogue';
import { purchaseRental, queueUnsoldUpstreamNumber, upstreamAccountSub, type RentalItem } from '../../rentals';
import { readItems, updateItem } from '../../shared/db';
import { upstreamItem } from '../../shared/db/items/upstreams';
import { log } from '../../shared/log';
import { isLocalStage, outsideSupplyBudgetMs } from '../../shared/settings';
import type { AgentPurchase } from '../agents';
import { outsideNumber } from '../inventory/outside-numbers';
import { upstreamCostCeilingCents, upstreamCostCents, upstreamMaxPrice } from './money';
import { upstreamState, type UpstreamItem } from './registry';
import { applySourceRules, sourceRules } from './source-rules';

/** One upstream's getNumber may take this long: a customer waits for it. */
export const upstreamBuyDeadlineMs = 3_000;

export type UpstreamTryOutcome = 'bought' | 'no-numbers' | 'too-expensive' | 'no-balance' | 'timeout' | 'failed';

/** What one upstream was asked (or why it was not), for the caller's record of the decision. */
export interface UpstreamTry {
  source: `upstream:${string}`;
  outcome: UpstreamTryOutcome;
  ms: number;
}

export interface UpstreamPurchaseResult {
  rental?: RentalItem;
  tried: UpstreamTry[];
}

interface Candidate {
  upstream: UpstreamItem;
  /** What its last sync priced it at, in cents. */
  costCents: number;
  /** The most it may cost us: the customer's price less the upstream's minimum margin. */
  ceilingCents: number;
}

/**
 * A Temporary activation bought from an upstream provider and sold on: the active upstreams with
 * fresh stock for the service in the country that the operators' source rules allow there, whose cost
 * leaves their minimum margin, and whose
 * ledger account covers it, are asked in turn, cheapest first (getNumber with `maxPrice` always, at
 * most `upstreamBuyDeadlineMs` each, `outsideSupplyBudgetMs` in all from `started`). The first number
 * that passes our checks is sold through the same purchase as any Temporary number, its cost debited
 * from the upstream's account in that transaction. A number bought and not sold is cancelled at the
 * upstream at once (the end queue). Answers what each upstream did, bought or not.
 */
export async function buyFromUpstreams(purchase: AgentPurchase, started = Date.now()): Promise<UpstreamPurchaseResult> {
  const tried: UpstreamTry[] = [];
  const offered = (await upstreamStockIn(purchase.country.id)).flatMap((s) =>
    s.offers.filter((o) => o.serviceId === purchase.service.id && o.count > 0).map((o) => ({ upstreamId: s.upstreamId, costCents: o.costCents })),
  );
  if (!offered.length) return { tried };
  // The operators' source rules: a pin on another source, or an exclusion, keeps an upstream out here.
  const allowed = new Set(
    applySourceRules(
      (await sourceRules()).rules,
      purchase.country.id,
      purchase.service.id,
      offered.map((o) => `upstream:${o.upstreamId}`),
    ),
  );
  const stock = offered.filter((o) => allowed.has(`upstream:${o.upstreamId}`));
  if (!stock.length) return { tried };
  const upstreams = new Map(
    (
      await readItems(
        upstreamItem,
        stock.map(({ upstreamId }) => ({ id: upstreamId })),
      )
    ).map((u) => [u.id, u]),
  );
  const candidates: Candidate[] = [];
  for (const offer of stock) {
    const upstream = upstreams.get(offer.upstreamId);
    if (!upstream || upstreamState(upstream) !== 'active') continue;
    const source = `upstream:${upstream.id}` as const;
    const ceilingCents = upstreamCostCeilingCents(purchase.priceCents, upstream.minMarginPercent);
    if (offer.costCents > ceilingCents) tried.push({ source, outcome: 'too-expensive', ms: 0 });
    else if (await accountShort(upstream.id, offer.costCents)) tried.push({ source, outcome: 'no-balance', ms: 0 });
    else candidates.push({ upstream, costCents: offer.costCents, ceilingCents });
  }
  if (!candidates.length) return { tried };
  // The wire's code only on this path (see shared/upstream-protocol).
  const { upstreamBuy, upstreamCodesOf } = await import('../../shared/upstream-protocol');
  const budgetMs = outsideSupplyBudgetMs();
  for (const { upstream, ceilingCents } of candidates.sort((a, b) => a.costCents - b.costCents)) {
    const source = `upstream:${upstream.id}` as const;
    const left = budgetMs - (Date.now() - started);
    if (left < 250) {
      tried.push({ source, outcome: 'timeout', ms: 0 });
      continue;
    }
    const codes = upstreamCodesOf(upstream.kind, purchase.country.iso, purchase.service.code);
    if (!codes) {
      tried.push({ source, outcome: 'failed', ms: 0 });
      continue;
    }
    const asked = performance.now();
    const result = await upstreamBuy(
      upstream,
      { ...codes, maxPrice: upstreamMaxPrice(ceilingCents, upstream.rate) },
      { deadlineMs: Math.min(upstreamBuyDeadlineMs, left), local: isLocalStage() },
    );
    const ms = Math.round(performance.now() - asked);
    if (!result.ok) {
      log.warn('upstream skipped', { upstreamId: upstream.id, failure: result.failure, detail: result.detail, ms });
      tried.push({ source, outcome: result.failure === 'timeout' ? 'timeout' : 'failed', ms });
      continue;
    }
    const reply = result.reply;
    if (reply.status !== 'bought') {
      if (reply.status === 'refused') log.warn('upstream refused a purchase', { upstreamId: upstream.id, detail: reply.detail });
      tried.push({ source, outcome: reply.status === 'refused' ? 'failed' : reply.status, ms });
      continue;
    }
    const unsold = (why: string) => queueUnsoldUpstreamNumber(upstream.id, reply.activationId, why);
    const costCents = reply.price === null ? ceilingCents : upstreamCostCents(reply.price, upstream.rate);
    const digits = reply.phone.replace(/^\+/, '');
    const refusal =
      costCents > ceilingCents
        ? 'sold above maxPrice'
        : purchase.exceptions.some((prefix) => digits.startsWith(prefix))
          ? 'a number with an excluded prefix'
          : undefined;
    if (refusal) {
      await unsold(refusal);
      tried.push({ source, outcome: costCents > ceilingCents ? 'too-expensive' : 'failed', ms });
      continue;
    }
    const number = await outsideNumber({ provider: 'upstream', upstreamId: upstream.id }, digits, purchase.country);
    if (!number.ok) {
      await unsold(number.reason);
      tried.push({ source, outcome: 'failed', ms });
      continue;
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
      tried.push({ source, outcome: 'bought', ms });
      return { rental, tried };
    } catch (error) {
      await unsold(`the purchase failed: ${error instanceof Error ? error.message : String(error)}`);
      // Its account spent meanwhile by another purchase: the next upstream may still serve this one.
      if (await accountShort(upstream.id, costCents)) {
        tried.push({ source, outcome: 'no-balance', ms });
        continue;
      }
      throw error;
    }
  }
  return { tried };
}

/** The upstream's ledger account cannot pay `cents` (or it has none yet: nothing deposited). */
async function accountShort(upstreamId: string, cents: number): Promise<boolean> {
  const account = await findUser(upstreamAccountSub(upstreamId));
  return !account || account.balanceCents < cents;
}
