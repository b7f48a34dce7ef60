import type { RentalItem } from '../rentals';

/** How asking one source for a number ended: the purchase's decision record keeps it. */
export type SourceOutcome = 'bought' | 'no-numbers' | 'refused' | 'too-expensive' | 'no-balance' | 'timeout' | 'failed';

/** One source asked: the rental when it sold one, what happened, and how long it took. */
export interface SourceTry {
  rental?: RentalItem;
  outcome: SourceOutcome;
  /** Why, in a few words (the upstream's or agent's answer, our refusal). */
  detail?: string;
  ms: number;
}
