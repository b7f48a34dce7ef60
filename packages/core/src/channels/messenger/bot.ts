import { formatDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { siteUrl } from '../../shared/settings';
import type { MessengerLinkOutcome } from './link';

/**
 * What the Messenger bot says: the commands it knows (English, Russian and Malay words) and its
 * replies and forwarded SMS, in the customer's language (the word they typed, else the language of
 * the page they linked from).
 */
export type MessengerLanguage = 'en' | 'ru' | 'ms';
export type MessengerCommand = 'balance' | 'numbers' | 'code' | 'help' | 'stop';

const words: Record<string, { command: MessengerCommand; language: MessengerLanguage }> = {
  balance: { command: 'balance', language: 'en' },
  numbers: { command: 'numbers', language: 'en' },
  code: { command: 'code', language: 'en' },
  help: { command: 'help', language: 'en' },
  stop: { command: 'stop', language: 'en' },
  unlink: { command: 'stop', language: 'en' },
  баланс: { command: 'balance', language: 'ru' },
  номера: { command: 'numbers', language: 'ru' },
  код: { command: 'code', language: 'ru' },
  помощь: { command: 'help', language: 'ru' },
  справка: { command: 'help', language: 'ru' },
  стоп: { command: 'stop', language: 'ru' },
  baki: { command: 'balance', language: 'ms' },
  nombor: { command: 'numbers', language: 'ms' },
  kod: { command: 'code', language: 'ms' },
  bantuan: { command: 'help', language: 'ms' },
  berhenti: { command: 'stop', language: 'ms' },
};

/**
 * The command of a chat message: its first word, any case, a leading slash allowed, and what
 * follows it (a number for `code`); anything else is help. `language` is undefined when the text
 * says nothing of it (then the link's language answers).
 */
export function parseMessengerCommand(text: string): { command: MessengerCommand; argument: string; language: MessengerLanguage | undefined } {
  const [first = '', ...rest] = text.trim().toLowerCase().replace(/^\//, '').split(/\s+/);
  const known = words[first];
  if (known) return { ...known, argument: rest.join(' ') };
  return { command: 'help', argument: '', language: /[а-яё]/i.test(text) ? 'ru' : undefined };
}

const settingsUrl = () => `${siteUrl()}/dashboard/account-settings`;

const en = {
  help: 'NumberNest on Messenger. Send:\n• balance: your balance\n• numbers: your active numbers\n• code +44…: the latest code of a number (without a number: of your newest rental)\n• help: this list\n• stop: stop forwarding here and unlink\nSMS to your numbers arrive here while Messenger forwarding is on in your account settings.',
  balance: (amount: string) => `Your balance: ${amount}`,
  noNumbers: 'You have no active numbers.',
  activeNumbers: 'Active numbers',
  allServices: 'all services',
  noCodeYet: (number: string) => `No code has arrived for ${number} yet.`,
  notYours: (number: string) => `${number} is not one of your active numbers. Send "numbers" to see them.`,
  latestCode: (number: string, service: string) => `Latest code for ${number} (${service}):`,
  notLinked: (url: string) => `This Messenger account is not linked to NumberNest. Open Account settings → Messenger and press Link: ${url}`,
  linked: 'Linked: SMS to your NumberNest numbers will arrive here while Messenger forwarding is on. Send "help" for commands, "stop" to unlink.',
  alreadyLinked: 'This Messenger account is already linked to your NumberNest account.',
  unknownRef: (url: string) => `This link was already used or is not valid. Make a new one in Account settings → Messenger: ${url}`,
  expiredRef: (url: string) => `This link has expired. Make a new one in Account settings → Messenger: ${url}`,
  personTaken: 'This Messenger account is linked to another NumberNest account. Send "stop" there first.',
  stopped: 'Unlinked: SMS will no longer be forwarded here. You can link again from your account settings.',
  smsTo: (number: string, sender: string) => `SMS to ${number} from ${sender}:`,
};

const say: Record<MessengerLanguage, typeof en> = {
  en,
  ru: {
    help: 'NumberNest в Messenger. Напишите:\n• баланс — ваш баланс\n• номера — активные номера\n• код +7… — последний код номера (без номера — вашей последней аренды)\n• помощь — этот список\n• стоп — перестать пересылать сюда и отвязать\nSMS на ваши номера приходят сюда, пока пересылка в Messenger включена в настройках аккаунта.',
    balance: (amount) => `Ваш баланс: ${amount}`,
    noNumbers: 'У вас нет активных номеров.',
    activeNumbers: 'Активные номера',
    allServices: 'все сервисы',
    noCodeYet: (number) => `На ${number} код ещё не приходил.`,
    notYours: (number) => `${number} нет среди ваших активных номеров. Напишите «номера», чтобы их увидеть.`,
    latestCode: (number, service) => `Последний код для ${number} (${service}):`,
    notLinked: (url) => `Этот аккаунт Messenger не привязан к NumberNest. Откройте Настройки аккаунта → Messenger и нажмите «Привязать»: ${url}`,
    linked: 'Привязано: SMS на ваши номера NumberNest будут приходить сюда, пока пересылка в Messenger включена. «помощь» — команды, «стоп» — отвязать.',
    alreadyLinked: 'Этот аккаунт Messenger уже привязан к вашему аккаунту NumberNest.',
    unknownRef: (url) => `Эта ссылка уже использована или недействительна. Создайте новую в Настройках аккаунта → Messenger: ${url}`,
    expiredRef: (url) => `Срок действия ссылки истёк. Создайте новую в Настройках аккаунта → Messenger: ${url}`,
    personTaken: 'Этот аккаунт Messenger привязан к другому аккаунту NumberNest. Сначала напишите там «стоп».',
    stopped: 'Отвязано: SMS больше не будут пересылаться сюда. Привязать снова можно в настройках аккаунта.',
    smsTo: (number, sender) => `SMS на ${number} от ${sender}:`,
  },
  ms: {
    help: 'NumberNest di Messenger. Hantar:\n• baki: baki anda\n• nombor: nombor aktif anda\n• kod +60…: kod terkini sesuatu nombor (tanpa nombor: sewaan terbaru anda)\n• bantuan: senarai ini\n• berhenti: berhenti memajukan ke sini dan nyahpaut\nSMS ke nombor anda tiba di sini selagi pemajuan Messenger dihidupkan dalam tetapan akaun anda.',
    balance: (amount) => `Baki anda: ${amount}`,
    noNumbers: 'Anda tiada nombor aktif.',
    activeNumbers: 'Nombor aktif',
    allServices: 'semua perkhidmatan',
    noCodeYet: (number) => `Belum ada kod tiba untuk ${number}.`,
    notYours: (number) => `${number} bukan salah satu nombor aktif anda. Hantar "nombor" untuk melihatnya.`,
    latestCode: (number, service) => `Kod terkini untuk ${number} (${service}):`,
    notLinked: (url) => `Akaun Messenger ini tidak dipautkan kepada NumberNest. Buka Tetapan akaun → Messenger dan tekan Pautkan: ${url}`,
    linked:
      'Dipautkan: SMS ke nombor NumberNest anda akan tiba di sini selagi pemajuan Messenger dihidupkan. Hantar "bantuan" untuk arahan, "berhenti" untuk nyahpaut.',
    alreadyLinked: 'Akaun Messenger ini sudah dipautkan kepada akaun NumberNest anda.',
    unknownRef: (url) => `Pautan ini sudah digunakan atau tidak sah. Buat yang baharu dalam Tetapan akaun → Messenger: ${url}`,
    expiredRef: (url) => `Pautan ini telah tamat tempoh. Buat yang baharu dalam Tetapan akaun → Messenger: ${url}`,
    personTaken: 'Akaun Messenger ini dipautkan kepada akaun NumberNest yang lain. Hantar "berhenti" di sana dahulu.',
    stopped: 'Dinyahpaut: SMS tidak lagi dimajukan ke sini. Anda boleh memautkan semula dari tetapan akaun anda.',
    smsTo: (number, sender) => `SMS ke ${number} daripada ${sender}:`,
  },
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

export const messengerReplies = {
  help: (language: MessengerLanguage) => say[language].help,
  balance: (language: MessengerLanguage, cents: number) => say[language].balance(`$${formatDollars(cents)}`),
  numbers: (language: MessengerLanguage, rentals: RentalItem[]) => {
    const words = say[language];
    if (!rentals.length) return words.noNumbers;
    return `${words.activeNumbers}:\n${rentals.map((rental) => `• ${rental.e164} (${rental.serviceName ?? words.allServices})`).join('\n')}`;
  },
  /** The latest code of the active rental whose number ends with the digits asked (the newest rental without any), the code alone on its line. */
  code: (language: MessengerLanguage, rentals: RentalItem[], asked: string) => {
    const words = say[language];
    if (!rentals.length) return words.noNumbers;
    const digits = digitsOf(asked);
    const rental = digits ? rentals.find((candidate) => digitsOf(candidate.e164).endsWith(digits)) : rentals[0];
    if (!rental) return words.notYours(asked.trim());
    const code = rental.lastMessage?.code;
    if (!code) return words.noCodeYet(rental.e164);
    return `${words.latestCode(rental.e164, rental.serviceName ?? words.allServices)}\n${code}`;
  },
  notLinked: (language: MessengerLanguage) => say[language].notLinked(settingsUrl()),
  stopped: (language: MessengerLanguage) => say[language].stopped,
  link: (language: MessengerLanguage, outcome: MessengerLinkOutcome) => {
    const words = say[language];
    switch (outcome) {
      case 'linked':
        return words.linked;
      case 'already-linked':
        return words.alreadyLinked;
      case 'expired-ref':
        return words.expiredRef(settingsUrl());
      case 'person-taken':
        return words.personTaken;
      default:
        return words.unknownRef(settingsUrl());
    }
  },
};

/** What one forwarded SMS shows. */
export interface MessengerSms {
  number: string;
  /** The service's name ("Google"), else the SMS's sender. */
  sender: string;
  /** The one-time code found in the text, or null. */
  code: string | null;
  text: string;
}

/** The forwarded SMS as plain text (Messenger interprets no markup): a heading, the code alone on its own line (a tap copies it), then the SMS. */
export function messengerSmsText(language: MessengerLanguage, sms: MessengerSms, maxLength: number): string {
  const head = `${say[language].smsTo(sms.number, sms.sender)}${sms.code ? `\n${sms.code}` : ''}\n\n`;
  const room = Math.max(0, maxLength - head.length);
  const text = sms.text.length > room ? `${sms.text.slice(0, Math.max(0, room - 1))}…` : sms.text;
  return `${head}${text}`;
}
