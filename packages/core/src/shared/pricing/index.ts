/** Pure pricing: no AWS imports, so the web shows exactly the totals the server charges. */
export * from './money';
export * from './rent-periods';
export * from './rental-price';
