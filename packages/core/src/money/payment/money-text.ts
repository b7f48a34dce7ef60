import { fieldProblem } from '@numbernest/contracts';
import { ValidationError } from '../../shared/errors';
import { formatDollars, type Cents } from '../../shared/pricing/money';

/**
 * Provider amounts travel as decimal text ("25.00", "25.5", Binance's "25.00000000"). They are
 * parsed to cents from the digits themselves, never through a float, so a notification's amount
 * compares exactly with the top-up's.
 */
const decimalText = /^(\d+)(?:\.(\d+))?$/;

/** "25.00" -> 2500. Refuses signs, exponents, blanks and a third decimal that is not zero. */
export function parseAmountText(text: string, label = 'amount'): Cents {
  const match = decimalText.exec(text.trim());
  if (!match) throw new ValidationError(`Invalid ${label}: ${JSON.stringify(text)}`, { [label]: [fieldProblem('INVALID_FORMAT')] });
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) {
    throw new ValidationError(`Invalid ${label}: ${JSON.stringify(text)} has more than 2 decimals`, {
      [label]: [fieldProblem('TOO_MANY_DECIMALS', undefined, 'More than 2 decimals.')],
    });
  }
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents))
    throw new ValidationError(`Invalid ${label}: ${JSON.stringify(text)} is too large`, { [label]: [fieldProblem('TOO_LARGE')] });
  return cents;
}

/** 2500 -> "25.00": the text providers expect in checkouts and sign over. */
export const formatAmountText = (cents: Cents): string => formatDollars(cents);
