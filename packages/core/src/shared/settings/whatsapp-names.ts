/**
 * The names of WhatsApp's (Cloud API) secrets and settings (pure: stacks/secrets.ts and the local
 * cloud import this). Each exists per stage in stacks/secrets.ts; locally
 * packages/local/src/whatsapp/settings.ts gives them defaults pointing at the Graph API stand-in.
 */
export const whatsappSecretNames = [
  /** A system user's permanent access token with whatsapp_business_messaging (Bearer on every Graph call). */
  'WhatsAppToken',
  /** The Meta app's secret: `X-Hub-Signature-256` of each webhook POST is an HMAC-SHA256 with it. */
  'WhatsAppAppSecret',
  /** Any string of ours, entered in the Meta app's webhook settings; its GET handshake echoes it. */
  'WhatsAppVerifyToken',
] as const;

/**
 * Not secret, but per stage: the business phone number that sends (its id in WhatsApp Manager,
 * required), Graph's base URL and version, and the two message templates approved in WhatsApp
 * Manager (an authentication template for codes, a utility template for forwarded SMS).
 */
export const whatsappSettingDefaults = {
  WhatsAppPhoneNumberId: '',
  WhatsAppApiUrl: 'https://graph.facebook.com',
  WhatsAppApiVersion: 'v23.0',
  WhatsAppCodeTemplate: 'numbernest_code',
  WhatsAppCodeTemplateLanguage: 'en_US',
  WhatsAppSmsTemplate: 'numbernest_sms',
  WhatsAppSmsTemplateLanguage: 'en_US',
} as const;

export type WhatsAppSecretName = (typeof whatsappSecretNames)[number];
export type WhatsAppSettingName = keyof typeof whatsappSettingDefaults;
