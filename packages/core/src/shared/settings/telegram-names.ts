/**
 * The names of the Telegram bot's secrets and settings (pure: safe for stacks/ and the local cloud).
 * Each exists per stage in stacks/secrets.ts; locally packages/local/src/telegram.ts gives them
 * defaults (the API pointing at the local Bot API stand-in).
 */
export const telegramSecretNames = ['TelegramBotToken', 'TelegramWebhookSecret'] as const;

/** Not secret, but per stage: the Bot API's base URL (grammY's `apiRoot`; the real one by default). */
export const telegramSettingDefaults = {
  TelegramApiUrl: 'https://api.telegram.org',
} as const;

export type TelegramSecretName = (typeof telegramSecretNames)[number];
export type TelegramSettingName = keyof typeof telegramSettingDefaults;
