import { formatDollars, toCents } from '@numbernest/core/pricing';

/** Dollars for people, the same in every language: "$3.50", "-$20.00" (the picker shows prices this way too). */
export const usd = (dollars: number) => {
  const cents = toCents(dollars);
  return `${cents < 0 ? '-' : ''}$${formatDollars(Math.abs(cents))}`;
};
