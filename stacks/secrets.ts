import { paymentSecretNames, paymentSettingDefaults, type PaymentSettingName } from '../packages/core/src/shared/settings/payment-names';
import { smsSecretNames, smsSettingDefaults, type SmsSettingName } from '../packages/core/src/shared/settings/sms-names';
import { forwardingSecretNames } from '../packages/core/src/shared/settings/forwarding-names';
import { whatsappSecretNames, whatsappSettingDefaults, type WhatsAppSettingName } from '../packages/core/src/shared/settings/whatsapp-names';
import { telegramSecretNames, telegramSettingDefaults, type TelegramSettingName } from '../packages/core/src/shared/settings/telegram-names';
import { pushSecretNames } from '../packages/core/src/shared/settings/push-names';
import { messengerSecretNames, messengerSettingDefaults, type MessengerSettingName } from '../packages/core/src/shared/settings/messenger-names';

/**
 * Every provider key, set per stage with `npx sst secret set <Name> <value> --stage <stage>`
 * (see docs/deploy.md). A deploy fails early, naming the secret, while one is unset.
 */
const names = [
  'GoogleClientId',
  'GoogleClientSecret',
  ...paymentSecretNames,
  ...smsSecretNames,
  ...forwardingSecretNames,
  ...whatsappSecretNames,
  ...telegramSecretNames,
  ...messengerSecretNames,
  ...pushSecretNames,
] as const;

export type SecretName = (typeof names)[number];

export const secrets = Object.fromEntries(names.map((name) => [name, new sst.Secret(name)])) as Record<SecretName, sst.Secret>;

/** An `sst.Secret` per setting: with its default when it has one (no `sst secret set` needed), else required. */
const settingSecrets = <Name extends string>(defaults: Record<Name, string>) =>
  Object.fromEntries(
    (Object.keys(defaults) as Name[]).map((name) => {
      const fallback = defaults[name];
      return [name, fallback ? new sst.Secret(name, fallback) : new sst.Secret(name)];
    }),
  ) as Record<Name, sst.Secret>;

/**
 * Per-stage payment settings that are not secret (merchant accounts, provider base URLs). They are
 * `sst.Secret`s too, so code reads every value the same way (`Resource.<Name>.value`); those with a
 * default (the providers' real URLs) need no `sst secret set`.
 */
export const paymentSettings = settingSecrets<PaymentSettingName>(paymentSettingDefaults);

/**
 * Per-stage SMS settings, in the same way: the Twilio account Start Chat sends from
 * (`TwilioAccountSid`, required) and Twilio's API base URL (`TwilioApiUrl`, https://api.twilio.com).
 */
export const smsSettings = settingSecrets<SmsSettingName>(smsSettingDefaults);

/**
 * Per-stage WhatsApp settings: the business phone number's id (`WhatsAppPhoneNumberId`, required),
 * Graph's URL and version, and the names and languages of the two approved templates.
 */
export const whatsappSettings = settingSecrets<WhatsAppSettingName>(whatsappSettingDefaults);

/** The Telegram bot's Bot API base URL (`TelegramApiUrl`, https://api.telegram.org by default). */
export const telegramSettings = settingSecrets<TelegramSettingName>(telegramSettingDefaults);

/**
 * Per-stage Messenger settings: the Page's username (`MessengerPageUsername`, required: the m.me
 * link's), the link's base (https://m.me), Graph's URL and version.
 */
export const messengerSettings = settingSecrets<MessengerSettingName>(messengerSettingDefaults);

/** By name, for stacks/links.ts: each handler gets those its row names and reads them as `Resource.<Name>.value`. */
export const allSecrets = { ...secrets, ...paymentSettings, ...smsSettings, ...whatsappSettings, ...telegramSettings, ...messengerSettings };

/**
 * Where alarms are e-mailed (stacks/alarms.ts): `npx sst secret set AlarmEmail ops@example.com
 * --stage production`. Empty (the default) subscribes nobody; the alarms still show in CloudWatch.
 */
export const alarmEmail = new sst.Secret('AlarmEmail', '');
