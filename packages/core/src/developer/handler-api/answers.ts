import { protocolAnswers as words } from '@numbernest/contracts/handler-api';

/**
 * The protocol's answers. Every answer is HTTP 200 (errors too): plain text, exact, no trailing
 * newline, or JSON for the V2/JSON actions. The words are the contract's (@numbernest/contracts).
 */
export type Answer = { kind: 'text'; body: string } | { kind: 'json'; body: unknown };

export const text = (body: string): Answer => ({ kind: 'text', body });
export const json = (body: unknown): Answer => ({ kind: 'json', body });

/** The protocol's error words (and ours for the rate limit, documented in the README). */
export const errors = {
  noKey: text(words.noKey),
  badKey: text(words.badKey),
  badAction: text(words.badAction),
  badService: text(words.badService),
  badStatus: text(words.badStatus),
  noNumbers: text(words.noNumbers),
  noBalance: text(words.noBalance),
  noActivation: text(words.noActivation),
  wrongMaxPrice: (minDollars: string) => text(words.wrongMaxPrice(minDollars)),
  /** A cancel in an activation's first two minutes. */
  earlyCancelDenied: text(words.earlyCancelDenied),
  /** An account limit (purchases, refunded cancels) reached: refused until its window ends ('Y-m-d H-i-s', UTC). */
  banned: (until: string) => text(words.banned(until)),
  accountBlocked: text(words.accountBlocked),
  /** The key's request budget, or the client address's wrong keys, spent (see rate-limit.ts). */
  rateLimit: text(words.rateLimit),
  // Activations: more codes, reactivation, history, operators
  wrongActivationId: text(words.wrongActivationId),
  renewNotAvailable: text(words.renewNotAvailable),
  newActivationImpossible: text(words.newActivationImpossible),
  wrongExceptionPhone: text(words.wrongExceptionPhone),
  wrongDate: text(words.wrongDate),
  operatorsNotFound: text(words.operatorsNotFound),
};

/** The protocol's success words: getBalance, getNumber, setStatus (1, 3, 6, 8) and getStatus. */
export const success = {
  balance: (dollars: string) => text(words.balance(dollars)),
  number: (activationId: number, phone: string) => text(words.number(activationId, phone)),
  ready: text(words.ready),
  retryGet: text(words.retryGet),
  activation: text(words.activation),
  cancel: text(words.cancel),
  waitCode: text(words.waitCode),
  waitRetry: (code: string) => text(words.waitRetry(code)),
  ok: (code: string) => text(words.ok(code)),
  statusCancel: text(words.statusCancel),
};
