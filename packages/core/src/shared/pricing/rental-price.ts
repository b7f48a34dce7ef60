import { assertCents, toCents, toDollars, type Cents } from './money';
import { getRentPeriod } from './rent-periods';

/** Discounts off a 1 Week, 2 Week and 1 Month rental, in that order. */
export type DiscountsCents = readonly [Cents, Cents, Cents];

export interface RentalTariff {
  pricePerDayCents: Cents;
  discountsCents: DiscountsCents;
}

export interface RentalPrice {
  /** price per day x days: the struck-through price. */
  originalCents: Cents;
  /** original minus the period's discount, never below 0. */
  totalCents: Cents;
}

/** total = price_per_day * days - discount_k, clamped at 0 (docs/architecture.md#money-and-the-ledger). */
export function rentalPrice(tariff: RentalTariff, rentTimeId: number): RentalPrice {
  const period = getRentPeriod(rentTimeId);
  assertCents(tariff.pricePerDayCents, 'pricePerDayCents');
  const discount = tariff.discountsCents[period.discountIndex] ?? 0;
  assertCents(discount, 'discount');
  const originalCents = tariff.pricePerDayCents * period.days;
  return { originalCents, totalCents: Math.max(0, originalCents - discount) };
}

/** The dollar fields the API sends for a service or a private country. */
export interface DollarTariff {
  price_per_day: number;
  discount_1: number;
  discount_2: number;
  discount_3: number;
}

export function tariffFromDollars(t: DollarTariff): RentalTariff {
  return {
    pricePerDayCents: toCents(t.price_per_day),
    discountsCents: [toCents(t.discount_1), toCents(t.discount_2), toCents(t.discount_3)],
  };
}

/** For the UI: the same totals as the server, from the API's dollar fields, back in dollars. */
export function rentalPriceDollars(t: DollarTariff, rentTimeId: number): { original: number; total: number } {
  const { originalCents, totalCents } = rentalPrice(tariffFromDollars(t), rentTimeId);
  return { original: toDollars(originalCents), total: toDollars(totalCents) };
}

/** Whether the UI shows the discount badge (when any discount is non-zero). */
export function hasDiscount(t: DollarTariff): boolean {
  return t.discount_1 > 0 || t.discount_2 > 0 || t.discount_3 > 0;
}
