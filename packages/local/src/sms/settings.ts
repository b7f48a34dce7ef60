import { smsSecretNames, smsSettingDefaults, type SmsSecretName, type SmsSettingName } from '@numbernest/core/messaging';

/**
 * THE local defaults of the SMS upstream's secrets and settings, in one place (as
 * payments/settings.ts does for the payment providers). The local cloud gives handlers
 * `SST_RESOURCE_<Name>` = {"value": …} from here, unless `npm start` was started with that
 * variable set (then the person's own value wins, as with SST): e.g.
 * `SST_RESOURCE_TwilioAuthToken='{"value":"…"}' npm start` to take real Twilio webhooks through a
 * tunnel. Twilio's Messages API (Start Chat) points at the SMS sandbox's stand-in on the one port.
 * `SmsGatewaySigningKey` is the secret every android-sms-gateway phone's own key is derived from
 * (`gatewayDeviceKey(secret, deviceId)`): the sandbox signs each phone's SMS with that phone's key.
 */
export const localTwilioAccountSid = `AC${'0'.repeat(31)}1`;

export function localSmsValues(url: string): Record<SmsSecretName | SmsSettingName, string> {
  return {
    TwilioAuthToken: 'local-twilio-auth-token',
    SmsGatewaySigningKey: 'local-sms-gateway-signing-key',
    TwilioAccountSid: localTwilioAccountSid,
    TwilioApiUrl: `${url.replace(/\/$/, '')}/_local/sms/twilio`,
  };
}

/** `SST_RESOURCE_<Name>` for each, the environment's own value first. */
export function smsResourceEnv(url: string, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const values = localSmsValues(url);
  const names = [...smsSecretNames, ...(Object.keys(smsSettingDefaults) as SmsSettingName[])];
  return Object.fromEntries(
    names.map((name) => {
      const variable = `SST_RESOURCE_${name}`;
      return [variable, environment[variable] ?? JSON.stringify({ value: values[name] })];
    }),
  );
}

/** A value as the handlers see it (after the environment was applied). */
export function localSmsValue(name: SmsSecretName | SmsSettingName): string {
  const raw = process.env[`SST_RESOURCE_${name}`];
  if (!raw) throw new Error(`SST_RESOURCE_${name} is not set: is the local cloud's environment applied?`);
  return (JSON.parse(raw) as { value: string }).value;
}
