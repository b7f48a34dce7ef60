import type { PaymentProvider } from '@numbernest/contracts';
import { binance } from './binance';
import { crypto } from './crypto';
import { payeer } from './payeer';
import { perfectMoney } from './perfectmoney';
import type { PaymentAdapter } from './provider';
import { stripe } from './stripe';

/** The adapter of each provider (payment/<provider>/index.ts). */
export const adapters: Record<PaymentProvider, PaymentAdapter> = {
  stripe,
  perfectmoney: perfectMoney,
  payeer,
  binance,
  crypto,
};
