/**
 * The names of Messenger's (Messenger Platform) secrets and settings (pure: stacks/secrets.ts and
 * the local cloud import this). Each exists per stage in stacks/secrets.ts; locally
 * packages/local/src/messenger/settings.ts gives them defaults pointing at the Send API stand-in.
 */
export const messengerSecretNames = [
  /** The Page's access token with pages_messaging (the Send API's `access_token`). */
  'MessengerPageAccessToken',
  /** The Meta app's secret: `X-Hub-Signature-256` of each webhook POST is an HMAC-SHA256 with it. */
  'MessengerAppSecret',
  /** Any string of ours, entered in the Meta app's webhook settings; its GET handshake echoes it. */
  'MessengerVerifyToken',
] as const;

/**
 * Not secret, but per stage: the Page's username (the `m.me/<username>` of the link, required),
 * the link's base, Graph's base URL and version.
 */
export const messengerSettingDefaults = {
  MessengerPageUsername: '',
  /** Where the link opens the Page's conversation: m.me (locally the stand-in's page). */
  MessengerLinkBase: 'https://m.me',
  MessengerApiUrl: 'https://graph.facebook.com',
  MessengerApiVersion: 'v23.0',
} as const;

export type MessengerSecretName = (typeof messengerSecretNames)[number];
export type MessengerSettingName = keyof typeof messengerSettingDefaults;
