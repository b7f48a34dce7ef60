import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { formatAmountText, parseAmountText } from './money-text';

describe('parseAmountText', () => {
  it.each([
    ['25.00', 2500],
    ['25', 2500],
    ['25.5', 2550],
    ['0.01', 1],
    ['25.00000000', 2500],
    ['10000.10', 1_000_010],
    [' 7.25 ', 725],
  ])('%s is %i cents', (text, cents) => {
    expect(parseAmountText(text)).toBe(cents);
  });

  it.each(['25.001', '-1.00', '+1', '1e3', '', '.5', '5.', 'abc', '1,00', '0x10', 'NaN', '99999999999999999999'])('refuses %j', (text) => {
    expect(() => parseAmountText(text)).toThrow(ValidationError);
  });
});

describe('formatAmountText', () => {
  it('gives exactly 2 decimals', () => {
    expect(formatAmountText(2500)).toBe('25.00');
    expect(formatAmountText(5)).toBe('0.05');
    expect(formatAmountText(123456)).toBe('1234.56');
  });
});
