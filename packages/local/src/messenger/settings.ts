import { messengerSecretNames, messengerSettingDefaults, type MessengerSecretName, type MessengerSettingName } from '@numbernest/core/channels';

/**
 * THE local defaults of Messenger's secrets and settings: the Send API's base URL is the stand-in
 * under /_local/messenger on the one port, and the link opens the stand-in's chat page instead of
 * m.me. Start with e.g. `SST_RESOURCE_MessengerPageAccessToken='{"value":"…"}'` (and the API URL
 * https://graph.facebook.com, the link base https://m.me) to send through a real Page instead.
 */
export const messengerPath = '/_local/messenger';
export const localMessengerPage = 'NumberNestLocal';
export const localMessengerPageId = '100000000000002';

export function localMessengerValues(url: string): Record<MessengerSecretName | MessengerSettingName, string> {
  const base = url.replace(/\/$/, '');
  return {
    MessengerPageAccessToken: 'local-messenger-page-token',
    MessengerAppSecret: 'local-messenger-app-secret',
    MessengerVerifyToken: 'local-messenger-verify-token',
    MessengerPageUsername: localMessengerPage,
    MessengerLinkBase: `${base}${messengerPath}/m.me`,
    MessengerApiUrl: `${base}${messengerPath}`,
    MessengerApiVersion: messengerSettingDefaults.MessengerApiVersion,
  };
}

/** `SST_RESOURCE_<Name>` for each, the environment's own value first. */
export function messengerResourceEnv(url: string, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const values = localMessengerValues(url);
  const names = [...messengerSecretNames, ...(Object.keys(messengerSettingDefaults) as MessengerSettingName[])];
  return Object.fromEntries(
    names.map((name) => {
      const variable = `SST_RESOURCE_${name}`;
      return [variable, environment[variable] ?? JSON.stringify({ value: values[name] })];
    }),
  );
}

/** A value as the handlers see it (after the environment was applied). */
export function localMessengerValue(name: MessengerSecretName | MessengerSettingName): string {
  const raw = process.env[`SST_RESOURCE_${name}`];
  if (!raw) throw new Error(`SST_RESOURCE_${name} is not set: is the local cloud's environment applied?`);
  return (JSON.parse(raw) as { value: string }).value;
}
