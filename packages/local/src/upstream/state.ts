/** An upstream stand-in's account, stock, activations and switches (stand-in.ts keeps them, the wires speak them, page.ts shows them). */

export type UpstreamStandInKind = 'sms-activate' | '5sim';

/** What it sells: a country and a service in its own codes, at a price in its currency. */
export interface StockLine {
  /** SMS-Activate: the numeric country id (`187`); 5sim: the country name (`usa`). */
  country: string;
  /** SMS-Activate: the service code (`tg`); 5sim: the product (`telegram`). */
  service: string;
  /** 5sim's operator (`virtual21`); SMS-Activate's stand-in says `any`. */
  operator: string;
  /** A decimal in its currency (`0.35`, `28.50`). */
  price: string;
  count: number;
  /** Its numbers' first digits, country code first; each number adds 4 more (`1201555` -> `12015550001`). */
  numberPrefix: string;
}

/** An SMS the stand-in received for an activation (the page's form, the CLI, a test). */
export interface StandInSms {
  receivedAt: string;
  from: string;
  text: string;
  /** The code found in the text (its first run of 4 to 8 digits), or null. */
  code: string | null;
}

export type StandInActivationStatus = 'waiting' | 'received' | 'cancelled' | 'finished' | 'banned';

export interface StandInActivation {
  id: string;
  country: string;
  service: string;
  operator: string;
  /** Digits, country code first. */
  phone: string;
  /** What it was sold for, in its currency. */
  price: string;
  /** The buyer's maxPrice, as it was asked (absent: it named none). */
  maxPrice?: string;
  status: StandInActivationStatus;
  sms: StandInSms[];
  createdAt: string;
  endedAt?: string;
  /** The price went back to the balance (a cancel or ban, unless keepMoneyOnCancel). */
  refunded: boolean;
  /** SMS-Activate's setStatus 3: the buyer asked for another SMS when it had this many. */
  retryAfter?: number;
}

/** Misbehaviours to switch on, from the page or a test. */
export interface UpstreamSwitches {
  /** Every protocol answer is held this long (ms). */
  slowMs: number;
  /** Every purchase finds no number (and the price list shows none). */
  outOfStock: boolean;
  /** Every protocol request is answered HTTP 500, or 200 with an HTML page that is no answer of the protocol. */
  fail: 'none' | 'http500' | 'garbage';
  /** A cancel is accepted but the price is not refunded: what reconciliation must catch. */
  keepMoneyOnCancel: boolean;
}

export interface UpstreamStandInState {
  kind: UpstreamStandInKind;
  name: string;
  /** The API key it accepts (SMS-Activate's api_key, 5sim's Bearer token). */
  key: string;
  currency: 'USD' | 'RUB';
  /** A decimal in its currency. */
  balance: string;
  stock: StockLine[];
  /** Newest first. */
  activations: StandInActivation[];
  switches: UpstreamSwitches;
}

export const defaultSwitches = (): UpstreamSwitches => ({ slowMs: 0, outOfStock: false, fail: 'none', keepMoneyOnCancel: false });

/**
 * Money as whole ten-thousandths, so the stand-in adds and compares its prices exactly; written back
 * with at least two decimals (`0.35`, `28.50`, `0.3125`).
 */
export function unitsOf(decimal: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,4})\d*)?$/.exec(decimal.trim());
  if (!match) return undefined;
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

export function decimalOfUnits(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const fraction = String(abs % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${sign}${Math.floor(abs / 10_000)}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}

/** The code an SMS carries: its first run of 4 to 8 digits (`123-456` counts as `123456`), or null. */
export function codeInText(text: string): string | null {
  const split = /\b(\d{3})[- ](\d{3})\b/.exec(text);
  if (split) return `${split[1]}${split[2]}`;
  const run = /\b(\d{4,8})\b/.exec(text);
  return run ? run[1]! : null;
}
