import { cachedReference } from '../../catalogue';
import { sourceDelivery, type DeliverySource } from '../../stats';
import { outsideSupplyBudgetMs } from '../../shared/settings';
import type { RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';
import type { SourceOutcome, SourceTry } from '../source-try';
import { applySourceRules, sourceRules } from '../upstreams/source-rules';
import { recordDecision } from './decisions';
import { rankSources, type SourceCandidate } from './rank';

/** A source that can be asked for this purchase: what it costs and how it answered lately, and how to ask it. */
export interface RoutedSource extends SourceCandidate {
  /** Buys from it within `deadlineMs` (what is left of the purchase's time for outside sources). */
  ask: (deadlineMs: number) => Promise<SourceTry>;
  /** Our own numbers: asked whatever the time left (no outside call). */
  inHouse?: boolean;
}

export interface RoutedPurchase {
  user: UserItem;
  countryId: number;
  serviceId: number;
  priceCents: number;
  /** When the purchase started: the outside sources' time counts from here. */
  started: number;
}

/** The sources' measured delivery for a country's service, read at most once per catalogue cache lifetime by a warm Lambda. */
const measuredDelivery = (countryId: number, serviceId: number) =>
  cachedReference(`source-delivery:${countryId}:${serviceId}`, () => sourceDelivery(countryId, serviceId));

/** Below this much time left an outside source is not asked: it could not answer. */
const leastUsefulMs = 250;

/**
 * THE router of a Temporary purchase: the candidate sources less those the operators' rules keep
 * out, ranked by measured delivery for the country and service, then margin, then speed
 * (rank.ts), asked in that order until one sells, each outside one within what is left of
 * `outsideSupplyBudgetMs` (3.5 s by default: the customer never notices more than one slow source).
 * A refusal, NO_NUMBERS, a timeout or a failure moves on to the next. Every decision is recorded
 * (decisions.ts) before the answer. Undefined when none sold.
 */
export async function routePurchase(
  purchase: RoutedPurchase,
  sources: readonly RoutedSource[],
  /** Sources with stock that may not sell this one (too expensive, their account short): recorded, never asked. */
  unfit: ReadonlyArray<{ source: DeliverySource; outcome: SourceOutcome }> = [],
): Promise<RentalItem | undefined> {
  const [rules, measured] = await Promise.all([sourceRules(), sources.length > 1 ? measuredDelivery(purchase.countryId, purchase.serviceId) : []]);
  const allowed = new Set(
    applySourceRules(
      rules.rules,
      purchase.countryId,
      purchase.serviceId,
      [...sources, ...unfit].map((s) => s.source),
    ),
  );
  const excluded = sources.filter((s) => !allowed.has(s.source)).map((s) => s.source);
  const ranked = rankSources(
    sources.filter((s) => allowed.has(s.source)),
    measured,
  );
  const bySource = new Map(sources.map((s) => [s.source, s]));
  const tried: Array<SourceTry & { source: DeliverySource }> = unfit.filter((s) => allowed.has(s.source)).map((s) => ({ ...s, ms: 0 }));
  const budgetMs = outsideSupplyBudgetMs();
  let rental: RentalItem | undefined;
  try {
    for (const candidate of ranked) {
      const source = bySource.get(candidate.source)!;
      const left = budgetMs - (Date.now() - purchase.started);
      if (!source.inHouse && left < leastUsefulMs) continue;
      const result = await source.ask(left);
      tried.push({ ...result, source: candidate.source });
      if (result.rental) {
        rental = result.rental;
        break;
      }
    }
  } finally {
    // Recorded even when a purchase throws (a limit, the balance): what was asked is still the answer to "why".
    if (sources.length || unfit.length)
      await recordDecision({
        sub: purchase.user.sub,
        countryId: purchase.countryId,
        serviceId: purchase.serviceId,
        priceCents: purchase.priceCents,
        ranked,
        excluded,
        tried,
        started: purchase.started,
      });
  }
  return rental;
}
