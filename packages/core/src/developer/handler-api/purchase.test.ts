import { describe, expect, it } from 'vitest';
import { parsePhoneExceptions } from './purchase';

describe('getNumber: phoneException', () => {
  it('reads comma-separated prefixes, with or without their +, and refuses anything else', () => {
    expect(parsePhoneExceptions(undefined)).toEqual([]);
    expect(parsePhoneExceptions(' ')).toEqual([]);
    expect(parsePhoneExceptions('4812, +4899')).toEqual(['4812', '4899']);
    expect(parsePhoneExceptions('48a')).toBeUndefined();
  });
});
