/**
 * Every provider key, set per stage with `npx sst secret set <Name> <value> --stage <stage>`
 * (see docs/deploy.md). A deploy fails early, naming the secret, while one is unset.
 */
const names = [
  'GoogleClientId',
  'GoogleClientSecret',
  'StripeSecretKey',
  'StripeWebhookSecret',
  'PerfectMoneyAlternatePassphrase',
  'PayeerSecretKey',
  'BinancePayApiKey',
  'BinancePaySecretKey',
  'NowPaymentsApiKey',
  'NowPaymentsIpnSecret',
  'TwilioAuthToken',
  'SmsGatewaySigningKey',
] as const;

export type SecretName = (typeof names)[number];

export const secrets = Object.fromEntries(names.map((name) => [name, new sst.Secret(name)])) as Record<
  SecretName,
  sst.Secret
>;

/** For `link: [...]`: handlers read them as `Resource.<Name>.value`. */
export const allSecrets = Object.values(secrets);
