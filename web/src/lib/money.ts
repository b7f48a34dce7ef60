import { formatDollars, toCents } from '@numbernest/core/pricing';

/** Dollars for people, the same in every language: "$3.50" (the picker shows prices this way too). */
export const usd = (dollars: number) => `$${formatDollars(toCents(dollars))}`;
