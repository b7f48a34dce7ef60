import { paymentSecretNames, paymentSettingDefaults, type PaymentSettingName } from '../packages/core/src/payment/setting-names';

/**
 * Every provider key, set per stage with `npx sst secret set <Name> <value> --stage <stage>`
 * (see docs/deploy.md). A deploy fails early, naming the secret, while one is unset.
 */
const names = ['GoogleClientId', 'GoogleClientSecret', ...paymentSecretNames, 'TwilioAuthToken', 'SmsGatewaySigningKey'] as const;

export type SecretName = (typeof names)[number];

export const secrets = Object.fromEntries(names.map((name) => [name, new sst.Secret(name)])) as Record<SecretName, sst.Secret>;

/**
 * Per-stage payment settings that are not secret (merchant accounts, provider base URLs). They are
 * `sst.Secret`s too, so code reads every value the same way (`Resource.<Name>.value`); those with a
 * default (the providers' real URLs) need no `sst secret set`.
 */
export const paymentSettings = Object.fromEntries(
  (Object.keys(paymentSettingDefaults) as PaymentSettingName[]).map((name) => {
    const fallback = paymentSettingDefaults[name];
    return [name, fallback ? new sst.Secret(name, fallback) : new sst.Secret(name)];
  }),
) as Record<PaymentSettingName, sst.Secret>;

/** For `link: [...]`: handlers read them as `Resource.<Name>.value`. */
export const allSecrets = [...Object.values(secrets), ...Object.values(paymentSettings)];
