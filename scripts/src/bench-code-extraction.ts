/**
 * Code extraction (`npm run bench`): `extractCode` on a hostile SMS text of 1,000, 10,000 and
 * 100,000 characters, as anyone may send one: digits, code-shaped numbers, links with ids, `www.`
 * and dotted words, code words and sentence marks mixed, the same text every run (a seeded
 * generator). Milliseconds per call, the median of 9 calls after 3 to warm up. Work linear in
 * the length keeps the time per 1,000 characters about the same at every size.
 */
import { performance } from 'node:perf_hooks';
import { seededRandom } from '@numbernest/core/seed';
import { percentile } from './percentile';

const sizes = [1_000, 10_000, 100_000];
const runs = 9;
/** Calls before the timed ones, so the figure is of compiled code, not of the compiler. */
const warmUps = 3;

/** A text of `length` characters made of the pieces code extraction works hardest on. */
export function hostileSmsText(length: number): string {
  const random = seededRandom(27);
  const pieces = [
    () => random.digits(random.int(4, 8)),
    () => `${random.digits(3)}-${random.digits(3)}`,
    () => `https://x${random.int(1, 99)}.example.com/${random.digits(6)}`,
    () => `www.${'a.'.repeat(random.int(1, 40))}com`,
    () => Array.from({ length: random.int(2, 60) }, () => random.pick(['a', 'b', 'c'])).join('.'),
    () => random.pick(['code', 'Code', 'PIN', 'OTP', 'verify', 'код', 'пароль', 'kod']),
    () => random.pick(['Your', 'is', 'the', 'for', 'account', 'Google']),
    () => random.pick(['.', '!', '?', ',', '\n', '$', '₽', '(', ')']),
  ];
  let text = '';
  while (text.length < length) text += `${random.pick(pieces)()} `;
  return text.slice(0, length);
}

export interface CodeExtractionFigures {
  runs: number;
  sizes: Array<{ characters: number; ms: number }>;
}

export async function benchCodeExtraction(): Promise<CodeExtractionFigures> {
  const { extractCode } = await import('@numbernest/core/messaging');
  const timed = (text: string) => {
    const start = performance.now();
    extractCode(text);
    return performance.now() - start;
  };
  return {
    runs,
    sizes: sizes.map((characters) => {
      const text = hostileSmsText(characters);
      for (let call = 0; call < warmUps; call++) timed(text);
      const times = Array.from({ length: runs }, () => timed(text)).sort((a, b) => a - b);
      return { characters, ms: Math.round(percentile(times, 0.5)! * 100) / 100 };
    }),
  };
}

export function printCodeExtraction(figures: CodeExtractionFigures): void {
  console.log(`\nCode extraction (extractCode) on a hostile SMS text (digits, links, dotted words, code words), median of ${figures.runs} calls:`);
  console.log(`  ${figures.sizes.map((s) => `${s.characters.toLocaleString('en')} characters ${s.ms} ms`).join(', ')}`);
}
