/**
 * The names of the SMS upstream's secrets and settings (pure: safe for stacks/ and the local
 * cloud). Each exists per stage in stacks/secrets.ts; locally packages/local/src/sms/settings.ts
 * gives them defaults (the settings pointing at the local SMS sandbox).
 */
export const smsSecretNames = ['TwilioAuthToken', 'SmsGatewaySigningKey'] as const;

/**
 * Not secret, but per stage: the Twilio account that sends Start Chat messages (its Messages API
 * authenticates with AccountSid:AuthToken) and Twilio's API base URL (the real one by default).
 */
export const smsSettingDefaults = {
  TwilioAccountSid: '',
  TwilioApiUrl: 'https://api.twilio.com',
} as const;

export type SmsSecretName = (typeof smsSecretNames)[number];
export type SmsSettingName = keyof typeof smsSettingDefaults;
