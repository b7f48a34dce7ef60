import type { MessageEntity, UserFromGetMe } from 'grammy/types';
import { cutText } from '../../shared/cut-text';
import { UpstreamError } from '../../shared/errors';
import { secret, setting } from '../../shared/settings';

/** The Bot API's answer: `{ ok: true, result }` or `{ ok: false, error_code, description }`. */
interface BotApiReply<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
}

/**
 * One Bot API call with this stage's token and API root (locally the stand-in at /_local/telegram).
 * Plain fetch, not grammY: forwarding and the settings' handlers send a message or two, and grammY
 * is kept to the webhook's Lambda (the bundle budget).
 */
export async function telegramCall<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${setting('TelegramApiUrl')}/bot${secret('TelegramBotToken')}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
    signal: AbortSignal.timeout(10_000),
  });
  const reply = (await response.json().catch(() => ({ ok: false, description: `HTTP ${response.status}` }))) as BotApiReply<T>;
  if (!reply.ok)
    throw new UpstreamError(`Telegram ${method} failed: ${reply.error_code ?? response.status} ${reply.description ?? ''}`.trim(), 'UPSTREAM_FAILED');
  return reply.result as T;
}

let me: Promise<UserFromGetMe> | undefined;
/** The bot's own user (getMe), once per warm Lambda: its username makes the t.me links. */
export function telegramBot(): Promise<UserFromGetMe> {
  me ??= telegramCall<UserFromGetMe>('getMe').catch((error: unknown) => {
    me = undefined;
    throw error;
  });
  return me;
}

export interface SendExtra {
  entities?: MessageEntity[];
  parse_mode?: 'HTML' | 'MarkdownV2';
  reply_markup?: unknown;
  disable_notification?: boolean;
  link_preview_options?: { is_disabled?: boolean };
}

/**
 * Sends `text` to a chat AS TEXT: no parse mode unless `extra` asks for one, so an SMS's `<b>`,
 * `*` or `_` arrive as typed. Formatting goes in `extra.entities` (offsets in UTF-16 units).
 * A refusal (the user blocked the bot: 403; a bad chat: 400) throws UpstreamError with Telegram's words.
 */
export async function sendTelegramMessage(chatId: number, text: string, extra: SendExtra = {}): Promise<void> {
  await telegramCall('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true }, ...extra });
}

export interface ForwardedSms {
  /** The service's name, or null for a Private number's SMS (any service). */
  service: string | null;
  /** The rented number, E.164. */
  number: string;
  from: string;
  body: string;
  /** The OTP found in the body, if any. */
  code: string | null;
}

/** Telegram's limit on a message's text, in UTF-16 units. */
const maxTelegramText = 4096;

/**
 * A forwarded SMS as plain text plus entities: a heading, the code alone on its own line (a
 * `code` entity, which Telegram copies with one tap), then the SMS itself, untouched but for a
 * cut ("…") where the whole would pass Telegram's 4,096 (the sender in the heading at 64).
 *   const m = telegramSmsMessage(sms); await sendTelegramMessage(chatId, m.text, { entities: m.entities });
 */
export function telegramSmsMessage(sms: ForwardedSms): { text: string; entities: MessageEntity[] } {
  const heading = `${sms.service ?? 'SMS'} · ${sms.number} · from ${cutText(sms.from, 64)}`;
  const entities: MessageEntity[] = [{ type: 'bold', offset: 0, length: heading.length }];
  if (sms.code) entities.push({ type: 'code', offset: heading.length + 1, length: sms.code.length });
  const head = sms.code ? `${heading}\n${sms.code}\n\n` : `${heading}\n\n`;
  return { text: head + cutText(sms.body, maxTelegramText - head.length), entities };
}
