import { toCents } from '@numbernest/core/pricing';
import i18n from '@/lib/i18n';

export interface MoneyOptions {
  /** A ledger amount with its direction: "+$10.00", "-$2.50", "$0.00". */
  signed?: boolean;
  /** A whole amount without its cents ("$120", a chart's axis); any other keeps them. */
  wholeWithoutCents?: boolean;
  /**
   * Another currency a provider was paid in (an operator's view): an ISO code in Intl's form of it,
   * anything else (a crypto ticker) as the amount and the code. Default: US dollars, the balance's.
   */
  currency?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(id);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formatters.set(id, format);
  }
  return format;
}

/**
 * Every amount of money the web shows or writes, in the language's own form of US dollars:
 * "$68.00" (en), "68,00 $" (ru), "US$68.00" or "USD 68.00" (ms, as the browser's Intl has it).
 * Rounded to the cent first, the way the server rounds (so 0.005 is a cent, as it is charged).
 */
export function formatMoney(amount: number, language: string, { signed = false, wholeWithoutCents = false, currency = 'USD' }: MoneyOptions = {}): string {
  const code = currency.toUpperCase();
  const signDisplay = signed ? 'exceptZero' : 'auto';
  if (!/^[A-Z]{3}$/.test(code)) {
    return `${formatterOf(language, { signDisplay, minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(amount)} ${code}`;
  }
  const cents = toCents(amount);
  const digits = wholeWithoutCents && cents % 100 === 0 ? 0 : 2;
  return formatterOf(language, { style: 'currency', currency: code, signDisplay, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    cents / 100,
  );
}

/**
 * A rate in dollars finer than a cent (dollars per one unit of another currency: "$0.0109"), in the
 * language's form of US dollars, with 2 to 6 decimals as it is stored. Not an amount: never rounded to the cent.
 */
export const formatDollarRate = (dollars: number, language: string): string =>
  formatterOf(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(dollars);

/**
 * formatMoney in the interface language. Components that show it re-render on a language change
 * through their useTranslation, so the amount follows the words around it.
 */
export const usd = (dollars: number, options?: MoneyOptions) => formatMoney(dollars, i18n.language, options);

/** Amounts the server sends as decimal text inside a sentence's values ("25.00"), formatted in `language`. */
export function withMoney<Values extends Record<string, unknown>>(values: Values, names: readonly string[], language: string): Values {
  const formatted: Record<string, unknown> = { ...values };
  for (const name of names) {
    const value = values[name];
    const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    if (Number.isFinite(amount)) formatted[name] = formatMoney(amount, language);
  }
  return formatted as Values;
}

/** An amount as a form field or a URL holds it (`12.50`): a value to parse, never money shown to a person. */
export const plainAmount = (dollars: number) => dollars.toFixed(2);
