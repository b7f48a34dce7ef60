import { whatsappSecretNames, whatsappSettingDefaults, type WhatsAppSecretName, type WhatsAppSettingName } from '@numbernest/core/channels';

/**
 * THE local defaults of WhatsApp's secrets and settings (as sms/settings.ts does for the SMS
 * upstream): Graph's base URL is the stand-in under /_local/whatsapp on the one port. Start with
 * e.g. `SST_RESOURCE_WhatsAppToken='{"value":"…"}'` (and the API URL https://graph.facebook.com) to
 * send through a real test number instead.
 */
export const localWhatsAppPhoneNumberId = '100000000000001';

export function localWhatsAppValues(url: string): Record<WhatsAppSecretName | WhatsAppSettingName, string> {
  return {
    WhatsAppToken: 'local-whatsapp-token',
    WhatsAppAppSecret: 'local-whatsapp-app-secret',
    WhatsAppVerifyToken: 'local-whatsapp-verify-token',
    WhatsAppPhoneNumberId: localWhatsAppPhoneNumberId,
    WhatsAppApiUrl: `${url.replace(/\/$/, '')}/_local/whatsapp`,
    WhatsAppApiVersion: whatsappSettingDefaults.WhatsAppApiVersion,
    WhatsAppCodeTemplate: whatsappSettingDefaults.WhatsAppCodeTemplate,
    WhatsAppCodeTemplateLanguage: whatsappSettingDefaults.WhatsAppCodeTemplateLanguage,
    WhatsAppSmsTemplate: whatsappSettingDefaults.WhatsAppSmsTemplate,
    WhatsAppSmsTemplateLanguage: whatsappSettingDefaults.WhatsAppSmsTemplateLanguage,
  };
}

/** `SST_RESOURCE_<Name>` for each, the environment's own value first. */
export function whatsappResourceEnv(url: string, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const values = localWhatsAppValues(url);
  const names = [...whatsappSecretNames, ...(Object.keys(whatsappSettingDefaults) as WhatsAppSettingName[])];
  return Object.fromEntries(
    names.map((name) => {
      const variable = `SST_RESOURCE_${name}`;
      return [variable, environment[variable] ?? JSON.stringify({ value: values[name] })];
    }),
  );
}

/** A value as the handlers see it (after the environment was applied). */
export function localWhatsAppValue(name: WhatsAppSecretName | WhatsAppSettingName): string {
  const raw = process.env[`SST_RESOURCE_${name}`];
  if (!raw) throw new Error(`SST_RESOURCE_${name} is not set: is the local cloud's environment applied?`);
  return (JSON.parse(raw) as { value: string }).value;
}
