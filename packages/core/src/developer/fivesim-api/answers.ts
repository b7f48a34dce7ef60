import { fiveSimRefusals, type FiveSimRefusal } from '@numbernest/contracts/fivesim';

/** An answer of the 5sim-compatible API: JSON, a refusal in 5sim's words (plain text), or nothing. */
export type FiveSimAnswer = { status: number; json: unknown } | { status: number; text: string };

export const answer = (json: unknown, status = 200): FiveSimAnswer => ({ status, json });
export const refuse = (refusal: FiveSimRefusal): FiveSimAnswer => ({ ...fiveSimRefusals[refusal] });
/** What POST and DELETE max-prices answer: 200 with no body. */
export const done: FiveSimAnswer = { status: 200, text: '' };
/** A thrown refusal, for the depths of an action (caught once, in the dispatcher). */
export class FiveSimRefused extends Error {
  constructor(readonly refusal: FiveSimRefusal) {
    super(fiveSimRefusals[refusal].text);
  }
}
