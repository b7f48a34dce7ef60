import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors';
import { retryOnConflict, tryAgain } from './retry';

class Moved extends Error {}
const isMoved = (error: unknown) => error instanceof Moved;

describe('retryOnConflict', () => {
  it('answers the first round that answers, with the round number passed to each step', async () => {
    const seen: number[] = [];
    const answer = await retryOnConflict(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new Moved();
        return 'done';
      },
      { attempts: 5, retryOn: isMoved },
    );
    expect(answer).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('passes an error it is not told to retry straight to the caller, after one round', async () => {
    let rounds = 0;
    const refusal = new Error('refused');
    await expect(
      retryOnConflict(
        async () => {
          rounds++;
          throw refusal;
        },
        { attempts: 5, retryOn: isMoved },
      ),
    ).rejects.toBe(refusal);
    expect(rounds).toBe(1);
  });

  it('throws the last retryable error when the rounds run out', async () => {
    let rounds = 0;
    const errors: Moved[] = [];
    const run = retryOnConflict(
      async () => {
        rounds++;
        const error = new Moved();
        errors.push(error);
        throw error;
      },
      { attempts: 4, retryOn: isMoved },
    );
    await expect(run).rejects.toBeInstanceOf(Moved);
    await run.catch((error: unknown) => expect(error).toBe(errors.at(-1)));
    expect(rounds).toBe(4);
  });

  it('goes round again on tryAgain, counting it, and throws a ConflictError when that was the last round', async () => {
    let rounds = 0;
    await expect(
      retryOnConflict(
        async () => {
          rounds++;
          return tryAgain;
        },
        { attempts: 3 },
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(rounds).toBe(3);
  });

  it('answers what `exhausted` gives when the rounds run out (a fallback value, or its own error)', async () => {
    const fallback = await retryOnConflict(async (): Promise<string | typeof tryAgain> => tryAgain, { attempts: 2, exhausted: () => 'orphan' });
    expect(fallback).toBe('orphan');
    const last = new Moved();
    const seen: unknown[] = [];
    await expect(
      retryOnConflict(
        async () => {
          throw last;
        },
        {
          attempts: 2,
          retryOn: isMoved,
          exhausted: (error) => {
            seen.push(error);
            throw new ConflictError('changing', 'CONCURRENT_CHANGE');
          },
        },
      ),
    ).rejects.toThrow('changing');
    expect(seen).toEqual([last]);
  });

  it('pauses after a retryable error but not after tryAgain, and not after the last round', async () => {
    const pausesAsked: number[] = [];
    let rounds = 0;
    await retryOnConflict(
      async (attempt) => {
        rounds++;
        if (attempt === 1) return tryAgain;
        if (attempt < 4) throw new Moved();
        return 'ok';
      },
      {
        attempts: 4,
        retryOn: isMoved,
        pauseMs: (attempt) => {
          pausesAsked.push(attempt);
          return 1;
        },
      },
    );
    expect(rounds).toBe(4);
    expect(pausesAsked).toEqual([2, 3]);

    pausesAsked.length = 0;
    await expect(
      retryOnConflict(
        async () => {
          throw new Moved();
        },
        { attempts: 2, retryOn: isMoved, pauseMs: (attempt) => (pausesAsked.push(attempt), 1) },
      ),
    ).rejects.toBeInstanceOf(Moved);
    expect(pausesAsked).toEqual([1]);
  });
});
