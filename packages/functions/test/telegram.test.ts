import './api'; // first: points this process at the local cloud
import { randomInt } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { telegramLinkReplySchema, type TelegramLink } from '@numbernest/contracts/telegram';
import { seedCatalog } from '@numbernest/core/seed';
import { localBotUsername, localTelegramValue, telegramUpdate, type ChatInput, type SentMessage } from '@numbernest/local/telegram';
import { describe, expect, it } from 'vitest';
import { apiUrl, expectError, send } from './api';
import { as, balanceOf, createTestUser, setBalanceCents, userWithBalance, type TestUser } from './auth-users';
import { openOffer, openPrivateOffer, ownNumbers } from './own-numbers';
import { rentOwn, smsTo, until } from './rent-own';
import { backdateRental } from './rental-clock';

const webhook = (body: unknown, secret: string | null = localTelegramValue('TelegramWebhookSecret')) =>
  send('POST', '/webhooks/telegram', {
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
    body: JSON.stringify(body),
  });

/** A fresh private chat (its id is the user's id, as in Telegram). */
const newChat = () => randomInt(10_000_000, 2_000_000_000);

async function sentTo(chatId: number): Promise<SentMessage[]> {
  const response = await fetch(`${apiUrl}/_local/telegram/sent.json?chat_id=${chatId}`);
  return (await response.json()) as SentMessage[];
}

/** Posts one update as Telegram would and returns what the bot sent to the chat in answer. */
async function say(input: ChatInput): Promise<SentMessage[]> {
  const before = (await sentTo(input.chat_id)).length;
  const reply = await webhook(telegramUpdate(input));
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return (await sentTo(input.chat_id)).slice(before);
}

const lastText = async (input: ChatInput) => (await say(input)).at(-1)?.text ?? '';

async function connectLink(user: TestUser): Promise<TelegramLink> {
  const reply = await as(user.idToken).post('/user/telegram/link');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return telegramLinkReplySchema.parse(reply.json).data;
}

async function linkedChat(user: TestUser): Promise<number> {
  const chat = newChat();
  const { code } = await connectLink(user);
  expect(await lastText({ chat_id: chat, text: `/start ${code}` })).toContain('Connected');
  return chat;
}

const chatOf = async (sub: string) => (await import('@numbernest/core/channels')).telegramChatOf(sub);

type Button = { text: string; callback_data: string };
const buttonsOf = (message: SentMessage | undefined): Button[] => ((message?.reply_markup as { inline_keyboard?: Button[][] })?.inline_keyboard ?? []).flat();

/** Presses the button whose data matches, on the keyboard message given; the bot's edit of it. */
async function press(chat: number, message: SentMessage, match: (b: Button) => boolean, language_code = 'en'): Promise<SentMessage> {
  let buttons = buttonsOf(message);
  let current = message;
  // Through "More" pages until the button shows.
  for (let guard = 0; !buttons.some(match) && guard < 20; guard += 1) {
    const more = buttons.find((b) => /More|Ещё/.test(b.text));
    if (!more) break;
    current = (await say({ chat_id: chat, callback_data: more.callback_data, message_id: current.message_id, language_code })).at(-1)!;
    buttons = buttonsOf(current);
  }
  const button = buttons.find(match);
  expect(button, JSON.stringify(buttons)).toBeDefined();
  const edits = await say({ chat_id: chat, callback_data: button!.callback_data, message_id: current.message_id, language_code });
  expect(edits.at(-1)?.method).toBe('editMessageText');
  return edits.at(-1)!;
}

describe('telegram webhook', () => {
  it('refuses a wrong or missing secret token with 403 and answers nothing', async () => {
    const chat = newChat();
    expectError(await webhook(telegramUpdate({ chat_id: chat, text: '/help' }), 'wrong-secret'), 403, 'FORBIDDEN');
    expectError(await webhook(telegramUpdate({ chat_id: chat, text: '/help' }), null), 403, 'FORBIDDEN');
    expect(await sentTo(chat)).toEqual([]);
    // The right one is answered.
    expect(await lastText({ chat_id: chat, text: '/help' })).toContain('/numbers');
  });

  it('answers in Russian to a Russian Telegram user, in Malay to a Malay one, in English to anyone else', async () => {
    expect(await lastText({ chat_id: newChat(), text: '/balance', language_code: 'ru' })).toContain('не подключён');
    expect(await lastText({ chat_id: newChat(), text: '/balance', language_code: 'ms' })).toContain('tidak disambungkan');
    expect(await lastText({ chat_id: newChat(), text: '/balance', language_code: 'de' })).toContain('not connected');
  });
});

describe('telegram linking', () => {
  it('links a chat with a fresh code; the code is one-time', async () => {
    const user = await userWithBalance(0);
    const link = await connectLink(user);
    expect(link.url).toBe(`https://t.me/${localBotUsername}?start=${link.code}`);
    const minutes = (Date.parse(link.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const chat = newChat();
    expect(await lastText({ chat_id: chat, text: `/start ${link.code}` })).toContain('Connected');
    expect(await chatOf(user.sub)).toBe(chat);
    // Reused, even by the same chat or another: refused.
    expect(await lastText({ chat_id: newChat(), text: `/start ${link.code}` })).toContain('already been used');
    expect(await chatOf(user.sub)).toBe(chat);
  });

  it('refuses an expired code', async () => {
    const user = await userWithBalance(0);
    const { createLinkCode } = await import('@numbernest/core/channels');
    const { code } = await createLinkCode(user.sub, new Date(Date.now() - 11 * 60_000));
    const chat = newChat();
    expect(await lastText({ chat_id: chat, text: `/start ${code}` })).toContain('expired');
    expect(await chatOf(user.sub)).toBeUndefined();
  });

  it('a chat links to one account; an account to one chat (the newer wins)', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(0), userWithBalance(0)]);
    const chat = await linkedChat(alice);
    expect(await lastText({ chat_id: chat, text: `/start ${(await connectLink(bob)).code}` })).toContain('another NumberNest account');
    expect(await chatOf(bob.sub)).toBeUndefined();

    const second = await linkedChat(alice);
    expect(await chatOf(alice.sub)).toBe(second);
    expect(await lastText({ chat_id: chat, text: '/balance' })).toContain('not connected');
  });

  it('/stop in the chat unlinks', async () => {
    const user = await userWithBalance(0);
    const chat = await linkedChat(user);
    expect(await lastText({ chat_id: chat, text: '/stop' })).toContain('Disconnected');
    expect(await chatOf(user.sub)).toBeUndefined();
    expect(await lastText({ chat_id: chat, text: '/numbers' })).toContain('not connected');
  });

  it('/stop in a chat its account has since left drops that chat only (the account keeps its newer one)', async () => {
    const user = await userWithBalance(0);
    const current = await linkedChat(user);
    const stale = newChat();
    const { db, tableName } = await import('@numbernest/core/db');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: `TGCHAT#${stale}`, sk: 'ACCOUNT', sub: user.sub, chatId: stale, linkedAt: new Date().toISOString() },
      }),
    );
    expect(await lastText({ chat_id: stale, text: '/stop' })).toContain('Disconnected');
    expect(await chatOf(user.sub)).toBe(current);
    expect(await lastText({ chat_id: stale, text: '/balance' })).toContain('not connected');
    expect(await lastText({ chat_id: current, text: '/balance' })).toContain('Your balance');
  });

  it('Disconnect in the settings unlinks and tells the chat', async () => {
    const user = await userWithBalance(0);
    const chat = await linkedChat(user);
    const reply = await as(user.idToken).delete('/user/telegram/link');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ message: 'success', data: { telegram_linked: false } });
    expect(await chatOf(user.sub)).toBeUndefined();
    expect((await sentTo(chat)).at(-1)?.text).toContain('disconnected');
    expect(await lastText({ chat_id: chat, text: '/balance' })).toContain('not connected');
    // Again: nothing to unlink, still success.
    expect((await as(user.idToken).delete('/user/telegram/link')).status).toBe(200);
  });

  it('Connect needs a signed-in user', async () => {
    expect((await send('POST', '/user/telegram/link')).status).toBe(401);
    const unlinked = await createTestUser();
    expect((await as(unlinked.idToken).post('/user/telegram/link')).status).toBe(200);
  });
});

describe('telegram commands', () => {
  it('/balance and /numbers answer from the account (the last code of each rental)', async () => {
    const user = await userWithBalance(5000);
    const chat = await linkedChat(user);
    expect(await lastText({ chat_id: chat, text: '/balance' })).toBe('Your balance: <b>$50.00</b>');
    expect(await lastText({ chat_id: chat, text: '/numbers' })).toContain('no active numbers');

    const rental = await rentOwn(user, 'private');
    await smsTo(rental.number, 'Your verification code is 482913', '+15550001111');

    const [answer] = await say({ chat_id: chat, text: '/numbers' });
    expect(answer?.parse_mode).toBe('HTML');
    expect(answer?.text).toContain(`<code>${rental.number}</code>`);
    expect(answer?.text).toContain('<code>482913</code>');
    expect(await lastText({ chat_id: chat, text: '/balance' })).toBe(`Your balance: <b>$${(50 - rental.price).toFixed(2)}</b>`);
  });

  it('Report number on an active activation: asks the reason, refuses as the web does, then refunds it', async () => {
    const user = await userWithBalance(50_00);
    const chat = await linkedChat(user);
    const rental = await rentOwn(user);
    const before = await balanceOf(user);
    const reportOf = async (language_code = 'en') => {
      const [list] = await say({ chat_id: chat, text: '/numbers', language_code });
      const button = buttonsOf(list).find((b) => b.text.endsWith(rental.number));
      expect(button?.callback_data).toBe(`n:${rental.id}`);
      return press(chat, list!, (b) => b === button || b.callback_data === button!.callback_data, language_code);
    };
    const ask = await reportOf('ru');
    expect(ask.text).toContain('Пожаловаться на');
    expect(buttonsOf(ask).map((b) => b.text)).toEqual(['Код не пришёл', 'Уже использован в этом сервисе', 'Отмена']);
    // No code yet and within its first two minutes: refused, as a cancel is.
    expect((await press(chat, await reportOf(), (b) => b.callback_data === `q:${rental.id}:n`)).text).toContain('No code yet: you can report it from');
    await backdateRental(user.sub, rental.id, 3);
    const reported = await press(chat, await reportOf(), (b) => b.callback_data === `q:${rental.id}:n`);
    expect(reported.text).toBe(
      `Reported <code>${rental.number}</code> and refunded. Your balance: <b>$${((before + Math.round(rental.price * 100)) / 100).toFixed(2)}</b>.`,
    );
    expect(await balanceOf(user)).toBe(before + Math.round(rental.price * 100));
    const stored = await (await import('@numbernest/core/rentals')).findRental(user.sub, rental.id);
    expect(stored).toMatchObject({ ended: 'refunded', reported: { reason: 'not_delivered' } });
    // Ended: no button any more.
    expect(buttonsOf((await say({ chat_id: chat, text: '/numbers' }))[0])).toEqual([]);
  });

  it('/buy goes type -> country -> service -> period -> confirm and buys once however often Confirm is pressed', async () => {
    const user = await userWithBalance(100_00);
    const chat = await linkedChat(user);
    const offer = openPrivateOffer();
    const country = seedCatalog.countries.find((c) => c.id === offer.countryId)!;
    await ownNumbers(NumberType.Private, offer.countryId, 2);

    const [menu] = await say({ chat_id: chat, text: '/buy' });
    for (const b of buttonsOf(menu)) expect(Buffer.byteLength(b.callback_data)).toBeLessThanOrEqual(64);
    const countries = await press(chat, menu!, (b) => b.callback_data === `c:${NumberType.Private}:0`);
    const periods = await press(chat, countries, (b) => b.text === country.name);
    const confirm = await press(chat, periods, (b) => b.callback_data.endsWith(':1'));
    expect(confirm.text).toContain('Buy it from your balance?');
    const pay = buttonsOf(confirm).find((b) => b.text === 'Confirm and pay')!;
    expect(Buffer.byteLength(pay.callback_data)).toBeLessThanOrEqual(64);

    const before = await balanceOf(user);
    const first = await say({ chat_id: chat, callback_data: pay.callback_data, message_id: confirm.message_id });
    const second = await say({ chat_id: chat, callback_data: pay.callback_data, message_id: confirm.message_id });
    expect(first.at(-1)?.text).toContain('Rented');
    // The second press answers the same purchase; Telegram keeps the message as it is (no "went wrong").
    expect(second).toEqual([]);

    const list = await as(user.idToken).get('/user/rentals?status=active');
    const rentals = (list.json as { data: { data: { price: number }[] } }).data.data;
    expect(rentals).toHaveLength(1);
    expect(await balanceOf(user)).toBe(before - Math.round(rentals[0]!.price * 100));
  });

  it('/buy of a Shared number asks the service and the period; Cancel buys nothing', async () => {
    const user = await userWithBalance(0);
    const chat = await linkedChat(user);
    const offer = openOffer();
    const country = seedCatalog.countries.find((c) => c.id === offer.countryId)!;
    await ownNumbers(NumberType.Shared, offer.countryId, 1);

    const [menu] = await say({ chat_id: chat, text: '/buy' });
    const countries = await press(chat, menu!, (b) => b.callback_data === `c:${NumberType.Shared}:0`);
    expect(countries.text).toBe('Which country?');
    const services = await press(chat, countries, (b) => b.text === country.name);
    expect(services.text).toBe('Which service?');
    const periods = await press(chat, services, (b) => b.callback_data === `p:${NumberType.Shared}:${offer.countryId}:${offer.serviceId}:0`);
    expect(periods.text).toBe('For how long?');
    const confirm = await press(chat, periods, (b) => b.callback_data.endsWith(':1'));
    expect(confirm.text).toContain(`${offer.name} · ${country.name}`);
    for (const b of buttonsOf(confirm)) expect(Buffer.byteLength(b.callback_data)).toBeLessThanOrEqual(64);
    expect((await press(chat, confirm, (b) => b.callback_data === 'x')).text).toBe('Cancelled.');
    expect(((await as(user.idToken).get('/user/rentals')).json as { data: { data: unknown[] } }).data.data).toEqual([]);
  });

  it('/buy answers a short balance (402) in words and debits nothing', async () => {
    const user = await userWithBalance(1);
    const chat = await linkedChat(user);
    const offer = openPrivateOffer();
    const country = seedCatalog.countries.find((c) => c.id === offer.countryId)!;
    await ownNumbers(NumberType.Private, offer.countryId, 1);

    const [menu] = await say({ chat_id: chat, text: '/buy', language_code: 'ru' });
    const countries = await press(chat, menu!, (b) => b.callback_data === `c:${NumberType.Private}:0`, 'ru');
    const periods = await press(chat, countries, (b) => b.text === country.name, 'ru');
    const confirm = await press(chat, periods, (b) => b.callback_data.endsWith(':1'), 'ru');
    expect(confirm.text).toContain('Купить с баланса?');
    const refused = await press(chat, confirm, (b) => b.callback_data.startsWith('k:'), 'ru');
    expect(refused.text).toMatch(/^Недостаточно средств: номер стоит \$\d+\.\d\d, а на балансе \$0\.01\./);
    expect(await balanceOf(user)).toBe(1);
    await setBalanceCents(user.sub, 0);
  });
});

describe('telegram Bot API stand-in', () => {
  it('records every call, answers as Telegram does, and refuses another token', async () => {
    const { telegramCall } = await import('@numbernest/core/channels');
    await telegramCall('setWebhook', { url: `${apiUrl}/api/webhooks/telegram`, secret_token: 'checked-by-ops' });
    const calls = (await (await fetch(`${apiUrl}/_local/telegram/calls.json`)).json()) as { method: string; params: Record<string, unknown> }[];
    expect(calls.findLast((c) => c.method === 'setWebhook')?.params).toMatchObject({ secret_token: 'checked-by-ops' });
    const wrong = await fetch(`${apiUrl}/_local/telegram/bot1:not-the-token/getMe`, { method: 'POST' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    const page = await fetch(`${apiUrl}/_local/telegram?chat_id=42`);
    expect(await page.text()).toContain('Telegram (local stand-in)');
  });
});

describe('telegram forwarding message', () => {
  it('an SMS text with markup characters arrives as text, the code alone on a line', async () => {
    const { sendTelegramMessage, telegramSmsMessage } = await import('@numbernest/core/channels');
    const chat = newChat();
    const body = 'Use <b>code</b> *123456* _now_ & [link](http://x.test) </code>';
    const message = telegramSmsMessage({ service: 'Acme <Pay>', number: '+447700900123', from: 'ACME', body, code: '123456' });
    await sendTelegramMessage(chat, message.text, { entities: message.entities });
    const [sent] = await sentTo(chat);
    expect(sent?.parse_mode).toBeUndefined();
    expect(sent?.text).toBe(`Acme <Pay> · +447700900123 · from ACME\n123456\n\n${body}`);
    expect(sent?.text.split('\n')[1]).toBe('123456');
    const code = (sent?.entities as { type: string; offset: number; length: number }[]).find((e) => e.type === 'code')!;
    expect(sent!.text.slice(code.offset, code.offset + code.length)).toBe('123456');
  });
});

describe('forwarding to Telegram', () => {
  it('is refused until a chat is linked; then each SMS of a rental arrives once in the chat, the code on its own line', async () => {
    const user = await userWithBalance(5000);
    const allOff = { email: false, telegram: false, whatsapp: false, push: false };
    expectError(await as(user.idToken).put('/user/forwarding', { ...allOff, telegram: true }), 409, 'FORWARDING_NOT_LINKED');
    const chat = await linkedChat(user);
    const on = await as(user.idToken).put('/user/forwarding', { ...allOff, telegram: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json).toMatchObject({ data: { telegram: true, telegram_linked: true } });

    const rental = await rentOwn(user, 'private');
    const before = (await sentTo(chat)).length;
    await smsTo(rental.number, 'Your <b>code</b> is 705316', '+15550002222');
    await until('the forwarded message', async () => (await sentTo(chat)).length > before);
    const forwarded = (await sentTo(chat)).slice(before);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.parse_mode).toBeUndefined();
    expect(forwarded[0]!.text.split('\n')[1]).toBe('705316');
    expect(forwarded[0]!.text).toContain('Your <b>code</b> is 705316');
  });
});
