import { describe, expect, it } from 'vitest';
import { candidateNumbers, numberSampler, numberSearch } from './search';

/** The search for any Temporary number: samples without the excluded prefixes, bounded. */

const numbers = (prefix: string, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ e164: `+${prefix}${String(from + i).padStart(6, '0')}` }));

async function all<T>(source: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('any number: samples of free numbers', () => {
  it('draws every number once, in samples of the given size, then empty samples', async () => {
    let loads = 0;
    const next = numberSampler(async () => (loads++, numbers('4812', 60)), 25);
    const samples = [await next(), await next(), await next(), await next()];
    expect(samples.map((s) => s.length)).toEqual([25, 25, 10, 0]);
    expect(new Set(samples.flat().map((n) => n.e164)).size).toBe(60);
    expect(loads).toBe(1);
  });

  it('finds the few numbers the prefixes leave, past the first sample (one sample would miss them most times)', async () => {
    const pool = [...numbers('4812', 150), ...numbers('4899', 3)];
    for (let run = 0; run < 20; run++) {
      const found = await all(
        candidateNumbers(
          numberSampler(async () => pool),
          ['4812'],
        ),
      );
      expect(found.map((n) => n.e164).sort()).toEqual(numbers('4899', 3).map((n) => n.e164));
    }
  });

  it('is bounded: at most samplesDrawn samples, at most purchasesTried numbers', async () => {
    let drawn = 0;
    const endless = async () => (drawn++, numbers('4812', 25, drawn * 100));
    expect(await all(candidateNumbers(endless, ['4812']))).toEqual([]);
    expect(drawn).toBe(numberSearch.samplesDrawn);

    const tried = await all(
      candidateNumbers(
        numberSampler(async () => numbers('4812', 500)),
        [],
      ),
    );
    expect(tried).toHaveLength(numberSearch.purchasesTried);
    expect(
      await all(
        candidateNumbers(
          numberSampler(async () => []),
          [],
        ),
      ),
    ).toEqual([]);
  });
});
