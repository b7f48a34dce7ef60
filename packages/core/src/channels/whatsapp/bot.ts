import { formatDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { siteUrl } from '../../shared/settings';

/**
 * What the WhatsApp bot says: the commands it knows (English, Russian and Malay words) and its
 * replies, in the language of the word the user typed (other Cyrillic text gets Russian).
 */
export type BotLanguage = 'en' | 'ru' | 'ms';
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
  baki: { command: 'balance', language: 'ms' },
  nombor: { command: 'numbers', language: 'ms' },
  bantuan: { command: 'help', language: 'ms' },
};

/** The command of a chat message: its first word, any case, a leading slash allowed; anything else is help. */
export function parseCommand(text: string): { command: BotCommand; language: BotLanguage } {
  const word = text.trim().toLowerCase().replace(/^\//, '').split(/\s+/)[0] ?? '';
  return words[word] ?? { command: 'help', language: /[а-яё]/i.test(text) ? 'ru' : 'en' };
}

export const languageOf = (text: string): BotLanguage => parseCommand(text).language;

const settingsUrl = () => `${siteUrl()}/dashboard/account-settings`;

const en = {
  help: 'NumberNest on WhatsApp. Send:\n• balance: your balance\n• numbers: your active numbers and their last codes\n• help: this list\nSMS to your numbers arrive here when WhatsApp forwarding is on in your account settings.',
  balance: (amount: string) => `Your balance: ${amount}`,
  noNumbers: 'You have no active numbers.',
  activeNumbers: 'Active numbers',
  allServices: 'all services',
  code: (code: string) => `code ${code}`,
  noCode: 'no code yet',
  notLinked: (url: string) => `This number is not linked to a NumberNest account. Link it in your account settings: ${url}`,
};

const say: Record<BotLanguage, typeof en> = {
  en,
  ru: {
    help: 'NumberNest в WhatsApp. Напишите:\n• баланс — ваш баланс\n• номера — активные номера и их последние коды\n• помощь — этот список\nSMS на ваши номера приходят сюда, если пересылка в WhatsApp включена в настройках аккаунта.',
    balance: (amount) => `Ваш баланс: ${amount}`,
    noNumbers: 'У вас нет активных номеров.',
    activeNumbers: 'Активные номера',
    allServices: 'все сервисы',
    code: (code) => `код ${code}`,
    noCode: 'кода пока нет',
    notLinked: (url) => `Этот номер не привязан к аккаунту NumberNest. Привяжите его в настройках аккаунта: ${url}`,
  },
  ms: {
    help: 'NumberNest di WhatsApp. Hantar:\n• baki: baki anda\n• nombor: nombor aktif anda dan kod terakhirnya\n• bantuan: senarai ini\nSMS ke nombor anda tiba di sini apabila pemajuan WhatsApp dihidupkan dalam tetapan akaun anda.',
    balance: (amount) => `Baki anda: ${amount}`,
    noNumbers: 'Anda tiada nombor aktif.',
    activeNumbers: 'Nombor aktif',
    allServices: 'semua perkhidmatan',
    code: (code) => `kod ${code}`,
    noCode: 'belum ada kod',
    notLinked: (url) => `Nombor ini tidak dipautkan kepada akaun NumberNest. Pautkannya dalam tetapan akaun anda: ${url}`,
  },
};

export const replies = {
  help: (language: BotLanguage) => say[language].help,
  balance: (language: BotLanguage, cents: number) => say[language].balance(`$${formatDollars(cents)}`),
  numbers: (language: BotLanguage, rentals: RentalItem[]) => {
    const words = say[language];
    if (!rentals.length) return words.noNumbers;
    const lines = rentals.map((rental) => {
      const code = rental.lastMessage?.code;
      return `• ${rental.e164} (${rental.serviceName ?? words.allServices}): ${code ? words.code(code) : words.noCode}`;
    });
    return `${words.activeNumbers}:\n${lines.join('\n')}`;
  },
  notLinked: (language: BotLanguage) => say[language].notLinked(settingsUrl()),
};
