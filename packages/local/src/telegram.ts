import type { IncomingMessage, ServerResponse } from 'node:http';
import { telegramSecretNames, telegramSettingDefaults, type TelegramSecretName, type TelegramSettingName } from '@numbernest/core/channels';
import { readBody, sendHtml, sendJson } from './http';

/**
 * The Telegram Bot API's local stand-in, and THE local defaults of the bot's secrets and settings.
 * Handlers get `SST_RESOURCE_<Name>` from here unless `npm start` was started with that variable
 * set (a real bot through a tunnel: the real token, `TelegramApiUrl` https://api.telegram.org).
 */
export const telegramPath = '/_local/telegram';
export const localBotUsername = 'NumberNestLocalBot';
const localBotId = 7000000001;

export function localTelegramValues(url: string): Record<TelegramSecretName | TelegramSettingName, string> {
  return {
    TelegramBotToken: `${localBotId}:local-telegram-bot-token`,
    TelegramWebhookSecret: 'local-telegram-webhook-secret',
    TelegramApiUrl: `${url.replace(/\/$/, '')}${telegramPath}`,
  };
}

/** `SST_RESOURCE_<Name>` for each, the environment's own value first. */
export function telegramResourceEnv(url: string, environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const values = localTelegramValues(url);
  const names = [...telegramSecretNames, ...(Object.keys(telegramSettingDefaults) as TelegramSettingName[])];
  return Object.fromEntries(
    names.map((name) => {
      const variable = `SST_RESOURCE_${name}`;
      return [variable, environment[variable] ?? JSON.stringify({ value: values[name] })];
    }),
  );
}

/** A value as the handlers see it (after the environment was applied). */
export function localTelegramValue(name: TelegramSecretName | TelegramSettingName): string {
  const raw = process.env[`SST_RESOURCE_${name}`];
  if (!raw) throw new Error(`SST_RESOURCE_${name} is not set: is the local cloud's environment applied?`);
  return (JSON.parse(raw) as { value: string }).value;
}

/** What the bot sent to a chat (sendMessage, and editMessageText as a new entry with the message it edits). */
export interface SentMessage {
  chat_id: number;
  text: string;
  reply_markup?: unknown;
  parse_mode?: string;
  entities?: unknown[];
  message_id: number;
  method: string;
  sent_at: string;
}

export interface BotApiCall {
  method: string;
  params: Record<string, unknown>;
  at: string;
}

/** A user of the local chat page, and its update builder: what Telegram would post to the webhook. */
export interface ChatInput {
  chat_id: number;
  text?: string;
  /** A pressed inline button: its data and the message that carried it. */
  callback_data?: string;
  message_id?: number;
  language_code?: string;
  first_name?: string;
}

let updateId = 1_000_000;

export function telegramUpdate(input: ChatInput): Record<string, unknown> {
  const from = { id: input.chat_id, is_bot: false, first_name: input.first_name ?? 'Local', language_code: input.language_code ?? 'en' };
  const chat = { id: input.chat_id, type: 'private', first_name: from.first_name };
  const date = Math.floor(Date.now() / 1000);
  updateId += 1;
  if (input.callback_data !== undefined) {
    return {
      update_id: updateId,
      callback_query: {
        id: String(updateId),
        from,
        chat_instance: String(input.chat_id),
        data: input.callback_data,
        message: { message_id: input.message_id ?? 1, date, chat, from: { id: localBotId, is_bot: true, first_name: 'NumberNest' }, text: '' },
      },
    };
  }
  const text = input.text ?? '';
  const command = /^\/\w+/.exec(text)?.[0];
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date,
      chat,
      from,
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The Bot API at `/_local/telegram/bot<token>/<method>` (grammY's apiRoot points here locally):
 * every call recorded, answered as Telegram does (`{ ok, result }`, 401 for another token).
 * `GET /_local/telegram/sent.json?chat_id=` lists what the bot sent to a chat; `calls.json` every
 * call (setWebhook among them); `/_local/telegram` is a page to type as a chat, and
 * `POST /_local/telegram/chat` posts an update to the webhook with the secret, as Telegram would.
 */
export class TelegramStandIn {
  private readonly calls: BotApiCall[] = [];
  private readonly sent: SentMessage[] = [];
  private nextMessageId = 1;

  constructor(private readonly appUrl: string) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice(telegramPath.length);
    const api = /^\/bot([^/]+)\/(\w+)$/.exec(path);
    if (api) return this.botApi(req, res, api[1]!, api[2]!, url);
    if (path === '/sent.json' && req.method === 'GET') {
      const chat = url.searchParams.get('chat_id');
      return sendJson(res, 200, chat ? this.sent.filter((m) => String(m.chat_id) === chat) : this.sent, { 'cache-control': 'no-store' });
    }
    if (path === '/calls.json' && req.method === 'GET') return sendJson(res, 200, this.calls, { 'cache-control': 'no-store' });
    if (path === '/chat' && req.method === 'POST') return this.chat(req, res);
    if ((path === '' || path === '/') && req.method === 'GET') return sendHtml(res, 200, this.page(url));
    sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
  }

  private async botApi(req: IncomingMessage, res: ServerResponse, token: string, method: string, url: URL): Promise<void> {
    if (token !== localTelegramValue('TelegramBotToken')) return sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const raw = (await readBody(req)).toString('utf8');
    let params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    if (raw) {
      try {
        params = { ...params, ...(JSON.parse(raw) as Record<string, unknown>) };
      } catch {
        return sendJson(res, 400, { ok: false, error_code: 400, description: 'Bad Request: can only take JSON here' });
      }
    }
    const at = new Date().toISOString();
    this.calls.push({ method, params, at });
    const chatId = Number(params.chat_id);
    switch (method) {
      case 'getMe':
        return ok(res, {
          id: localBotId,
          is_bot: true,
          first_name: 'NumberNest',
          username: localBotUsername,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'sendMessage':
      case 'editMessageText': {
        if (!Number.isFinite(chatId) || typeof params.text !== 'string' || !params.text) return fail(res, 'Bad Request: chat_id and text are required');
        const messageId = method === 'sendMessage' ? this.nextMessageId++ : Number(params.message_id);
        // As Telegram: an edit to the very same text and keyboard is refused.
        const current = this.sent.findLast((m) => m.chat_id === chatId && m.message_id === messageId);
        if (
          method === 'editMessageText' &&
          current &&
          current.text === params.text &&
          JSON.stringify(current.reply_markup) === JSON.stringify(params.reply_markup)
        )
          return fail(
            res,
            'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
          );
        this.sent.push({
          chat_id: chatId,
          text: params.text,
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
          ...(params.parse_mode ? { parse_mode: String(params.parse_mode) } : {}),
          ...(params.entities ? { entities: params.entities as unknown[] } : {}),
          message_id: messageId,
          method,
          sent_at: at,
        });
        return ok(res, { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, text: params.text });
      }
      default:
        // answerCallbackQuery, setWebhook, deleteWebhook, setMyCommands...: recorded, and true.
        return ok(res, true);
    }
  }

  /** Posts one update to the app's webhook with the secret header, as Telegram does; JSON or the page's form. */
  private async chat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (await readBody(req)).toString('utf8');
    const form = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    const fields = form ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw || '{}') as Record<string, unknown>);
    const input: ChatInput = {
      chat_id: Number(fields.chat_id),
      ...(fields.text ? { text: String(fields.text) } : {}),
      ...(fields.callback_data ? { callback_data: String(fields.callback_data), message_id: Number(fields.message_id) } : {}),
      ...(fields.language_code ? { language_code: String(fields.language_code) } : {}),
    };
    if (!Number.isFinite(input.chat_id)) return sendJson(res, 400, { message: 'chat_id is required' });
    const reply = await fetch(`${this.appUrl}/api/webhooks/telegram`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': localTelegramValue('TelegramWebhookSecret') },
      body: JSON.stringify(telegramUpdate(input)),
    });
    if (!form) return sendJson(res, 200, { status: reply.status });
    res.writeHead(303, { location: `${telegramPath}?chat_id=${input.chat_id}&language_code=${encodeURIComponent(input.language_code ?? 'en')}` });
    res.end();
  }

  private page(url: URL): string {
    const chatId = url.searchParams.get('chat_id') || '100001';
    const language = url.searchParams.get('language_code') || 'en';
    const hidden = `<input type="hidden" name="chat_id" value="${escapeHtml(chatId)}"><input type="hidden" name="language_code" value="${escapeHtml(language)}">`;
    const messages = this.sent
      .filter((m) => String(m.chat_id) === chatId)
      .slice(-30)
      .map((m) => {
        const rows = ((m.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined)?.inline_keyboard ?? [])
          .map(
            (row) =>
              `<div>${row
                .map(
                  (b) =>
                    `<form method="post" action="${telegramPath}/chat" style="display:inline">${hidden}<input type="hidden" name="callback_data" value="${escapeHtml(b.callback_data ?? '')}"><input type="hidden" name="message_id" value="${m.message_id}"><button>${escapeHtml(b.text)}</button></form>`,
                )
                .join(' ')}</div>`,
          )
          .join('');
        return `<li><small>${escapeHtml(m.sent_at)} · ${m.method} #${m.message_id}${m.parse_mode ? ` · ${escapeHtml(m.parse_mode)}` : ''}</small><pre>${escapeHtml(m.text)}</pre>${rows}</li>`;
      })
      .join('');
    return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Telegram (local)</title>
<style>body{font:15px system-ui;max-width:44rem;margin:1rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#eef3f8;padding:.5rem;border-radius:.5rem;margin:.25rem 0}li{list-style:none;margin:.75rem 0}input[name=text]{width:60%}</style>
<h1>Telegram (local stand-in)</h1>
<p>Type as a private chat with @${localBotUsername}; the message is posted to <code>/api/webhooks/telegram</code> with the secret token, as Telegram would. Open Account setting → Telegram → Connect and send the <code>/start &lt;code&gt;</code> it shows.</p>
<form method="get"><label>Chat id <input name="chat_id" value="${escapeHtml(chatId)}" size="10"></label> <label>Language <select name="language_code"><option${language === 'en' ? ' selected' : ''}>en</option><option${language === 'ru' ? ' selected' : ''}>ru</option></select></label> <button>Open chat</button></form>
<ul>${messages || '<li>No messages from the bot in this chat yet.</li>'}</ul>
<form method="post" action="${telegramPath}/chat">${hidden}<input name="text" placeholder="/help" autofocus required> <button>Send</button></form>`;
  }
}

const ok = (res: ServerResponse, result: unknown) => sendJson(res, 200, { ok: true, result });
const fail = (res: ServerResponse, description: string) => sendJson(res, 400, { ok: false, error_code: 400, description });
