import type { MobileNumber } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { matchNumbers, mergeByNumber, searchDigits } from './number-search';

const number = (id: number, mobile_number: string): MobileNumber => ({ id, mobile_number });

describe('number search', () => {
  it('reads digits through spaces, +, dashes and brackets, and nothing else', () => {
    expect(searchDigits('+44 (7700) 900-1')).toBe('4477009001');
    expect(searchDigits(' 7700 ')).toBe('7700');
    expect(searchDigits('77a')).toBeNull();
    expect(searchDigits('+ -')).toBeNull();
    expect(searchDigits('1234567890123456')).toBeNull(); // 16 digits: longer than any E.164 number
  });

  it('filters loaded numbers by their digits anywhere, else by a case-insensitive substring, keeping their order', () => {
    const loaded = [number(1, '+447700900222'), number(2, '+447700900111'), number(3, '+4930123456')];
    expect(matchNumbers(loaded, '7700 900-1').map((n) => n.id)).toEqual([2]);
    expect(matchNumbers(loaded, '900')).toEqual(loaded.slice(0, 2));
    expect(matchNumbers(loaded, '+49')).toEqual([loaded[2]]);
    expect(matchNumbers(loaded, '  ')).toBe(loaded);
    expect(matchNumbers(loaded, 'x')).toEqual([]);
  });

  it('merges two lists sorted by number, each number once', () => {
    const a = [number(1, '+441'), number(3, '+443'), number(5, '+445')];
    const b = [number(2, '+442'), number(3, '+443'), number(6, '+446')];
    expect(mergeByNumber(a, b).map((n) => n.id)).toEqual([1, 2, 3, 5, 6]);
    expect(mergeByNumber([], b)).toBe(b);
    expect(mergeByNumber(a, [])).toBe(a);
  });
});
