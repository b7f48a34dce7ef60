/**
 * The names of the payment secrets and settings (pure: stacks/secrets.ts imports this too, so
 * the stage's `sst.Secret`s and what the code reads cannot drift apart).
 */
export const paymentSecretNames = [
  'StripeSecretKey',
  'StripeWebhookSecret',
  'PerfectMoneyAlternatePassphrase',
  'PayeerSecretKey',
  'BinancePayApiKey',
  'BinancePaySecretKey',
  'NowPaymentsApiKey',
  'NowPaymentsIpnSecret',
] as const;

/** Not secret, but per stage: merchant accounts and provider base URLs (the real ones by default). */
export const paymentSettingDefaults = {
  StripeApiUrl: 'https://api.stripe.com',
  PerfectMoneyCheckoutUrl: 'https://perfectmoney.com/api/step1.asp',
  PerfectMoneyPayeeAccount: '',
  PerfectMoneyPayeeName: 'NumberNest',
  PayeerCheckoutUrl: 'https://payeer.com/merchant/',
  PayeerShopId: '',
  BinancePayApiUrl: 'https://bpay.binanceapi.com',
  BinancePayMerchantId: '',
  NowPaymentsApiUrl: 'https://api.nowpayments.io',
} as const;

export type PaymentSecretName = (typeof paymentSecretNames)[number];
export type PaymentSettingName = keyof typeof paymentSettingDefaults;
