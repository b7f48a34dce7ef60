import type { PriceSummary } from '@numbernest/contracts';
import { readItem } from '../shared/db';
import { priceSummaryItem } from '../shared/db/items/catalogue-price-summary';
import { toDollars, type Cents } from '../shared/pricing';
import type { PriceSummaryItem, PrivateOfferItem, ServiceOfferItem } from './items';

const cheapest = (prices: (Cents | undefined)[]): Cents | undefined => {
  const present = prices.filter((p): p is Cents => p !== undefined);
  return present.length ? Math.min(...present) : undefined;
};

/** Pure: the cheapest Shared and Private day rates and Temporary activation over these offers. */
export function summarizePrices(
  offers: readonly Pick<ServiceOfferItem, 'pricePerDayCents' | 'temporaryPriceCents'>[],
  privateOffers: readonly Pick<PrivateOfferItem, 'pricePerDayCents'>[],
): PriceSummaryItem {
  // An undefined field is left out when written (the client removes undefined values).
  return {
    sharedFromPerDayCents: cheapest(offers.map((o) => o.pricePerDayCents)),
    privateFromPerDayCents: cheapest(privateOffers.map((p) => p.pricePerDayCents)),
    temporaryFromCents: cheapest(offers.map((o) => o.temporaryPriceCents)),
  };
}

const dollarsOrNull = (cents: Cents | undefined) => (cents === undefined ? null : toDollars(cents));

export const toPriceSummary = (item: PriceSummaryItem): PriceSummary => ({
  shared_from_per_day: dollarsOrNull(item.sharedFromPerDayCents),
  private_from_per_day: dollarsOrNull(item.privateFromPerDayCents),
  temporary_from: dollarsOrNull(item.temporaryFromCents),
});

/** GET /price-summary: one GetItem of the stored summary; all null before anything wrote one. */
export async function getPriceSummary(): Promise<PriceSummary> {
  return toPriceSummary((await readItem(priceSummaryItem, {})) ?? {});
}
