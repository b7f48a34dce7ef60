import { rentPeriods, rentalPriceDollars, findRentPeriod, hasDiscount, type DollarTariff } from '@numbernest/core/pricing';

/** The picker's prices are money like any other (`@/lib/money`). */
export { usd } from '@/lib/money';

export interface Offer {
  rentTimeId: number;
  original: number;
  total: number;
  /** Whole percent saved against the struck-through price. */
  percent: number;
}

/** The rent period that saves most: what a discounted row advertises. null when nothing is discounted. */
export function bestOffer(tariff: DollarTariff): Offer | null {
  if (!hasDiscount(tariff)) return null;
  let best: Offer | null = null;
  for (const period of rentPeriods) {
    const { original, total } = rentalPriceDollars(tariff, period.id);
    if (original <= 0 || total >= original) continue;
    const percent = Math.round(((original - total) / original) * 100);
    if (!best || original - total > best.original - best.total) best = { rentTimeId: period.id, original, total, percent };
  }
  return best;
}

/** The price of renting for the chosen period, as the server will charge it; null without a known period. */
export function rentCost(tariff: DollarTariff, rentTimeId: number | null): { original: number; total: number } | null {
  if (rentTimeId === null || !findRentPeriod(rentTimeId)) return null;
  return rentalPriceDollars(tariff, rentTimeId);
}
