import { formatDollars } from '../pricing';
import type { RentalItem } from '../rental/items';
import { siteUrl } from '../settings';

/**
 * What the WhatsApp bot says: the commands it knows (English and Russian words) and its replies,
 * in the language of the word the user typed (Cyrillic text gets Russian).
 */
export type BotLanguage = 'en' | 'ru';
export type BotCommand = 'balance' | 'numbers' | 'help';

const words: Record<string, { command: BotCommand; language: BotLanguage }> = {
  balance: { command: 'balance', language: 'en' },
  numbers: { command: 'numbers', language: 'en' },
  help: { command: 'help', language: 'en' },
  start: { command: 'help', language: 'en' },
  баланс: { command: 'balance', language: 'ru' },
  номера: { command: 'numbers', language: 'ru' },
  помощь: { command: 'help', language: 'ru' },
  справка: { command: 'help', language: 'ru' },
};

/** The command of a chat message: its first word, any case, a leading slash allowed; anything else is help. */
export function parseCommand(text: string): { command: BotCommand; language: BotLanguage } {
  const word = text.trim().toLowerCase().replace(/^\//, '').split(/\s+/)[0] ?? '';
  return words[word] ?? { command: 'help', language: /[а-яё]/i.test(text) ? 'ru' : 'en' };
}

export const languageOf = (text: string): BotLanguage => parseCommand(text).language;

const settingsUrl = () => `${siteUrl()}/dashboard/account-settings`;

export const replies = {
  help: (language: BotLanguage) =>
    language === 'ru'
      ? 'NumberNest в WhatsApp. Напишите:\n• баланс — ваш баланс\n• номера — активные номера и их последние коды\n• помощь — этот список\nSMS на ваши номера приходят сюда, если пересылка в WhatsApp включена в настройках аккаунта.'
      : 'NumberNest on WhatsApp. Send:\n• balance: your balance\n• numbers: your active numbers and their last codes\n• help: this list\nSMS to your numbers arrive here when WhatsApp forwarding is on in your account settings.',
  balance: (language: BotLanguage, cents: number) => (language === 'ru' ? `Ваш баланс: $${formatDollars(cents)}` : `Your balance: $${formatDollars(cents)}`),
  numbers: (language: BotLanguage, rentals: RentalItem[]) => {
    if (!rentals.length) return language === 'ru' ? 'У вас нет активных номеров.' : 'You have no active numbers.';
    const lines = rentals.map((rental) => {
      const service = rental.serviceName ?? (language === 'ru' ? 'все сервисы' : 'all services');
      const code = rental.lastMessage?.code;
      const last = code ? (language === 'ru' ? `код ${code}` : `code ${code}`) : language === 'ru' ? 'кода пока нет' : 'no code yet';
      return `• ${rental.e164} (${service}): ${last}`;
    });
    return `${language === 'ru' ? 'Активные номера' : 'Active numbers'}:\n${lines.join('\n')}`;
  },
  notLinked: (language: BotLanguage) =>
    language === 'ru'
      ? `Этот номер не привязан к аккаунту NumberNest. Привяжите его в настройках аккаунта: ${settingsUrl()}`
      : `This number is not linked to a NumberNest account. Link it in your account settings: ${settingsUrl()}`,
};
