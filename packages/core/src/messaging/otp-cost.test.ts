import { describe, expect, it } from 'vitest';
import { extractCode } from './otp';

/**
 * What extracting a code costs on texts made to be slow: it must grow with the length, not with
 * its square. Measured in CPU time, the least of three runs (other work on the machine stretches
 * the wall clock, not this process's CPU time), at 25,000 and 100,000 characters: linear work
 * costs about 4 times as much at 4 times the length, quadratic 16.
 */

const repeatedTo = (length: number, unit: string) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Each a text of about `length` characters and the code it holds. */
const hostile: Array<[kind: string, text: (length: number) => string, code: string]> = [
  ['names joined by dots, no path after them (a.a.a.a…)', (length) => `${repeatedTo(length, 'a.')} code 482913`, '482913'],
  ['one long word', (length) => `${'a'.repeat(length)} code 482913`, '482913'],
  ['www. followed by a long run', (length) => `www.${repeatedTo(length, 'a.1/')} code 482913`, '482913'],
  ['many numbers, each next to a code word', (length) => repeatedTo(length, 'code 1234 '), '1234'],
  ['many numbers and code words in many sentences', (length) => repeatedTo(length, 'Your code is 4821. PIN 5521 '), '5521'],
  ['a number of brackets', (length) => `1${'('.repeat(length)}2 code 482913`, '482913'],
];

function cpuMs(text: string): number {
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const before = process.cpuUsage();
    extractCode(text);
    const { user, system } = process.cpuUsage(before);
    least = Math.min(least, (user + system) / 1000);
  }
  return least;
}

describe('extractCode: cost', () => {
  it('finds the code in hostile texts of 100,000 characters fast, in time linear in the length', () => {
    for (const [kind, text, code] of hostile) {
      expect(extractCode(text(1000)), kind).toBe(code);
      const small = cpuMs(text(25_000));
      expect(small, `${kind}: ms at 25,000 characters`).toBeLessThan(250);
      const large = cpuMs(text(100_000));
      expect(large, `${kind}: ms at 100,000 characters`).toBeLessThan(1000);
      // Below 5 ms the ratio is the clock's noise.
      expect(large / Math.max(small, 5), `${kind}: ms at 100,000 / ms at 25,000 characters`).toBeLessThan(8);
    }
  });
});
