import { paymentSecretNames, paymentSettingDefaults, type PaymentSecretName, type PaymentSettingName } from '@numbernest/core/settings';

/**
 * THE local defaults of every payment secret and setting, in one place. The local cloud gives
 * handlers `SST_RESOURCE_<Name>` = {"value": …} from here, unless `npm start` was started with
 * that variable set (then the person's own value wins, as with SST). Base URLs point the adapters
 * at the sandboxes under /_local/ (and Stripe's API stand-in at the root `/v1/`), on the one port.
 */
export function localPaymentValues(url: string): Record<PaymentSecretName | PaymentSettingName, string> {
  return {
    StripeSecretKey: 'sk_test_local_numbernest',
    StripeWebhookSecret: 'whsec_local_numbernest',
    PerfectMoneyAlternatePassphrase: 'local-perfect-money-alternate-passphrase',
    PayeerSecretKey: 'local-payeer-secret',
    BinancePayApiKey: 'local-binance-pay-api-key',
    BinancePaySecretKey: 'local-binance-pay-secret-key',
    NowPaymentsApiKey: 'LOCAL-NOWPAYMENTS-API-KEY',
    NowPaymentsIpnSecret: 'local-nowpayments-ipn-secret',
    StripeApiUrl: url,
    PerfectMoneyCheckoutUrl: `${url}/_local/perfectmoney/api/step1.asp`,
    PerfectMoneyPayeeAccount: 'U1234567',
    PerfectMoneyPayeeName: paymentSettingDefaults.PerfectMoneyPayeeName,
    PayeerCheckoutUrl: `${url}/_local/payeer/merchant/`,
    PayeerShopId: '1234567890',
    BinancePayApiUrl: `${url}/_local/binance`,
    BinancePayMerchantId: '987654321',
    NowPaymentsApiUrl: `${url}/_local/nowpayments`,
  };
}

/** `SST_RESOURCE_<Name>` for each, the environment's own value first. */
export function paymentResourceEnv(url: string, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const names = [...paymentSecretNames, ...(Object.keys(paymentSettingDefaults) as PaymentSettingName[])];
  const values = localPaymentValues(url);
  return Object.fromEntries(
    names.map((name) => {
      const variable = `SST_RESOURCE_${name}`;
      return [variable, environment[variable] ?? JSON.stringify({ value: values[name] })];
    }),
  );
}

/** A value as the handlers see it (after the environment was applied). */
export function localValue(name: PaymentSecretName | PaymentSettingName): string {
  const raw = process.env[`SST_RESOURCE_${name}`];
  if (!raw) throw new Error(`SST_RESOURCE_${name} is not set: is the local cloud's environment applied?`);
  return (JSON.parse(raw) as { value: string }).value;
}
