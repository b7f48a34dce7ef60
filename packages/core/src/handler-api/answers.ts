/**
 * The protocol's answers. Every answer is HTTP 200 (errors too): plain text, exact, no trailing
 * newline, or JSON for the V2/JSON actions.
 */
export type Answer = { kind: 'text'; body: string } | { kind: 'json'; body: unknown };

export const text = (body: string): Answer => ({ kind: 'text', body });
export const json = (body: unknown): Answer => ({ kind: 'json', body });

/** The protocol's error words (and ours for the rate limit, documented in the README). */
export const errors = {
  noKey: text('NO_KEY'),
  badKey: text('BAD_KEY'),
  badAction: text('BAD_ACTION'),
  badService: text('BAD_SERVICE'),
  badStatus: text('BAD_STATUS'),
  noNumbers: text('NO_NUMBERS'),
  noBalance: text('NO_BALANCE'),
  noActivation: text('NO_ACTIVATION'),
  wrongMaxPrice: (minDollars: string) => text(`WRONG_MAX_PRICE:${minDollars}`),
  /** A cancel in an activation's first two minutes. */
  earlyCancelDenied: text('EARLY_CANCEL_DENIED'),
  /** An account limit (purchases, refunded cancels) reached: refused until its window ends ('Y-m-d H-i-s', UTC). */
  banned: (until: string) => text(`BANNED:'${until}'`),
  /** Too many requests for this key this second (see rate-limit.ts). */
  rateLimit: text('ERROR_RATE_LIMIT'),
  /** Something failed on our side (the protocol's word for it). */
  sql: text('ERROR_SQL'),
};
