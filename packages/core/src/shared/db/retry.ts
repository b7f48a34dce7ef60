import { ConflictError } from '../errors';

/** A step's answer asking for another round at once: what it read changed, and it knows without an error. */
export const tryAgain: unique symbol = Symbol('tryAgain');

export interface RetryOptions<T> {
  /** Rounds at most, the first included; every round that ends in `tryAgain` or a retryable error counts. */
  attempts: number;
  /** Which errors mean "changed meanwhile: read again and redo" (others go straight to the caller). */
  retryOn?: (error: unknown) => boolean;
  /** The pause after round `attempt` failed with a retryable error (none after `tryAgain`): backoff, jitter. */
  pauseMs?: (attempt: number) => number;
  /**
   * What the call comes to when the rounds run out: a fallback answer, or a throw. Without it the
   * last retryable error is thrown, or a ConflictError when the last round answered `tryAgain`.
   */
  exhausted?: (lastError: unknown) => T | Promise<T>;
}

/**
 * The optimistic-concurrency loop, written once: runs `step(attempt)` (1, 2, …) until it answers,
 * again after an error `retryOn` accepts (after `pauseMs`) or a `tryAgain` answer (at once). Each
 * step reads what it needs afresh (or uses what the caller read, on the first round) and writes
 * conditionally on it, so a retry never acts on a stale read.
 */
export async function retryOnConflict<T>(step: (attempt: number) => Promise<T | typeof tryAgain>, options: RetryOptions<T>): Promise<T> {
  const { attempts, retryOn = () => false, pauseMs, exhausted } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const answer = await step(attempt);
      if (answer !== tryAgain) return answer;
      lastError = undefined;
    } catch (error) {
      if (!retryOn(error)) throw error;
      lastError = error;
      const pause = attempt < attempts ? (pauseMs?.(attempt) ?? 0) : 0;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  if (exhausted) return exhausted(lastError);
  throw lastError ?? new ConflictError('This changed meanwhile; try again', 'CONCURRENT_CHANGE');
}
