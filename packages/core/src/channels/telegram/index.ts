export { telegramSecretNames, telegramSettingDefaults, type TelegramSecretName, type TelegramSettingName } from '../../shared/settings/telegram-names';
export { createLinkCode, redeemLinkCode, unlinkAccount, unlinkChat, telegramChatOf, accountOfChat, linkCodeMinutes, type LinkOutcome } from './link';
export { sendTelegramMessage, telegramSmsMessage, telegramCall, telegramBot, type SendExtra } from './api';
export { handleTelegramUpdate } from './bot';
export { words as telegramWords, languageOf } from './words';
export { telegramSecretMatches } from './webhook';
