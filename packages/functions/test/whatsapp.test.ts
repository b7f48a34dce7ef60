import { apiUrl, expectError, expectFieldErrors, send } from './api'; // first: points this process at the local cloud
import { randomInt, randomUUID } from 'node:crypto';
import { whatsappReplySchema } from '@numbernest/contracts/whatsapp';
import { describe, expect, it } from 'vitest';
import { as, createTestUser, userWithBalance, type TestUser } from './auth-users';
import { rentOwn, smsTo, until } from './rent-own';

/**
 * WhatsApp (Cloud API) through the gateway and the local Graph stand-in: verifying a number with a
 * code read back from the stand-in's `sent.json`, the webhook's handshake and signature, the bot's
 * answers in the chat, and a forwarded SMS as a template whose parameters are plain text.
 */

interface SentWhatsApp {
  id: string;
  to: string;
  type: 'template' | 'text';
  template?: {
    name: string;
    language: { code: string };
    components: Array<{ type: string; sub_type?: string; parameters: Array<{ type: string; text: string }> }>;
  };
  text?: { body: string };
  sent_at: string;
}

const localValue = (name: string) => (JSON.parse(process.env[`SST_RESOURCE_${name}`]!) as { value: string }).value;

/** A valid UK mobile number (libphonenumber-js takes 07400 xxxxxx) that no other test uses. */
const freshNumber = () => `+447400${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const digits = (e164: string) => e164.replace(/\D/g, '');

async function sentTo(e164: string): Promise<SentWhatsApp[]> {
  const response = await fetch(`${apiUrl}/_local/whatsapp/sent.json?to=${digits(e164)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SentWhatsApp[];
}

/** The last verification code sent to a number (the authentication template's body parameter). */
async function lastCode(e164: string): Promise<string> {
  const templates = (await sentTo(e164)).filter((m) => m.type === 'template' && m.template?.name === localValue('WhatsAppCodeTemplate'));
  const template = templates.at(-1)!.template!;
  const code = template.components.find((c) => c.type === 'body')!.parameters[0]!.text;
  // The copy-code button carries the same code.
  expect(template.components.find((c) => c.type === 'button')).toMatchObject({ sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] });
  return code;
}

const verify = (user: TestUser, number: string) => as(user.idToken).post('/user/whatsapp/verify', { number });
const confirm = (user: TestUser, code: string) => as(user.idToken).post('/user/whatsapp/confirm', { code });

async function linked(user: TestUser, number = freshNumber()): Promise<string> {
  expect((await verify(user, number)).status).toBe(200);
  const reply = await confirm(user, await lastCode(number));
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return number;
}

/** Sets a waiting code's expiry in the table (as 10 minutes passing would). */
async function expireCode(sub: string): Promise<void> {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('@numbernest/core/db');
  const { whatsappKeys } = await import('@numbernest/core/channels');
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: whatsappKeys.code(sub),
      UpdateExpression: 'SET codeExpiresAt = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
}

/** Meta's notification of one text message from `from` to our business number. */
function inbound(from: string, text: string, id = `wamid.${randomUUID()}`) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000001', phone_number_id: localValue('WhatsAppPhoneNumberId') },
              contacts: [{ profile: { name: 'Test' }, wa_id: digits(from) }],
              messages: [{ from: digits(from), id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
}

async function postWebhook(body: string, signature?: string) {
  const { signWhatsAppBody } = await import('@numbernest/core/channels');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const header = signature ?? signWhatsAppBody(body, localValue('WhatsAppAppSecret'));
  if (header) headers['x-hub-signature-256'] = header;
  return send('POST', '/webhooks/whatsapp', { body, headers });
}

/** Sends `text` from `from` and answers the bot's reply (the newest text sent to that number). */
async function ask(from: string, text: string): Promise<string> {
  const before = (await sentTo(from)).length;
  const reply = await postWebhook(inbound(from, text));
  expect(reply.status, String(reply.json)).toBe(200);
  const after = await sentTo(from);
  expect(after.length).toBe(before + 1);
  expect(after.at(-1)!.type).toBe('text');
  return after.at(-1)!.text!.body;
}

describe('WhatsApp webhook handshake and signature', () => {
  const handshake = (token: string) =>
    send('GET', `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`);

  it('echoes the challenge for the right verify token only', async () => {
    const right = await handshake(localValue('WhatsAppVerifyToken'));
    expect(right.status).toBe(200);
    expect(String(right.json)).toBe('1158201444');
    expect((await handshake('wrong-token')).status).toBe(403);
    expect((await send('GET', `/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=${localValue('WhatsAppVerifyToken')}&hub.challenge=1`)).status).toBe(
      403,
    );
    expect((await send('GET', '/webhooks/whatsapp')).status).toBe(403);
  });

  it('refuses a forged or missing signature with 403, and answers nothing', async () => {
    const from = freshNumber();
    const body = inbound(from, 'help');
    const { signWhatsAppBody } = await import('@numbernest/core/channels');
    expect((await postWebhook(body, signWhatsAppBody(body, 'not-the-app-secret'))).status).toBe(403);
    expect((await postWebhook(body, signWhatsAppBody(`${body} `, localValue('WhatsAppAppSecret')))).status).toBe(403);
    expect((await postWebhook(body, 'sha256=')).status).toBe(403);
    expect((await postWebhook(body, '')).status).toBe(403);
    expect(await sentTo(from)).toEqual([]);
    // The same body, signed: answered.
    expect((await postWebhook(body)).status).toBe(200);
    expect(await sentTo(from)).toHaveLength(1);
  });
});

describe('verifying a WhatsApp number', () => {
  it('sends a code by the authentication template; the right code stores the number; removal forgets it', async () => {
    const user = await createTestUser();
    const number = freshNumber();
    expect(whatsappReplySchema.parse((await as(user.idToken).get('/user/whatsapp')).json).data).toEqual({ number: null, verified_at: null, pending: null });

    // Spaces and dashes are allowed; the number is kept as E.164.
    const started = await verify(user, `${number.slice(0, 3)} ${number.slice(3, 7)}-${number.slice(7)}`);
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(whatsappReplySchema.parse(started.json).data).toMatchObject({ number: null, pending: { number } });
    const [message] = await sentTo(number);
    expect(message).toMatchObject({ type: 'template', to: digits(number), template: { name: 'numbernest_code', language: { code: 'en_US' } } });
    const code = await lastCode(number);
    expect(code).toMatch(/^\d{6}$/);

    const { db, tableName } = await import('@numbernest/core/db');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { whatsappKeys, whatsappNumberOf, accountOfWhatsApp } = await import('@numbernest/core/channels');
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: whatsappKeys.code(user.sub) }));
    expect(JSON.stringify(Item)).not.toContain(code); // stored hashed

    const confirmed = await confirm(user, code);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(whatsappReplySchema.parse(confirmed.json).data).toMatchObject({ number, verified_at: expect.any(String), pending: null });
    expect(await whatsappNumberOf(user.sub)).toBe(number);
    expect(await accountOfWhatsApp(digits(number))).toBe(user.sub);

    // One-time: the same code again is refused.
    expectError(await confirm(user, code), 409, 'WHATSAPP_NO_CODE');

    const removed = await as(user.idToken).delete('/user/whatsapp');
    expect(whatsappReplySchema.parse(removed.json).data.number).toBeNull();
    expect(await whatsappNumberOf(user.sub)).toBeNull();
    expect(await accountOfWhatsApp(digits(number))).toBeUndefined();
  });

  it('refuses an invalid number or code with field errors', async () => {
    const user = await createTestUser();
    expectFieldErrors(await verify(user, '447700900123'), ['number']);
    expectFieldErrors(await verify(user, '+1 555'), ['number']);
    expectFieldErrors(await verify(user, '+99912345678'), ['number']);
    expectFieldErrors(await confirm(user, '12345'), ['code']);
    expectError(await confirm(user, '123456'), 409, 'WHATSAPP_NO_CODE');
  });

  it('counts wrong codes: after 5 the code is used up, even the right one', async () => {
    const user = await createTestUser();
    const number = freshNumber();
    expect((await verify(user, number)).status).toBe(200);
    const code = await lastCode(number);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const reply = expectError(await confirm(user, wrong), 400, 'WHATSAPP_CODE_WRONG');
      expect(reply.params).toEqual({ attempts_left: left });
    }
    expectError(await confirm(user, wrong), 400, 'WHATSAPP_CODE_USED_UP');
    expectError(await confirm(user, code), 400, 'WHATSAPP_CODE_USED_UP');
    const { whatsappNumberOf } = await import('@numbernest/core/channels');
    expect(await whatsappNumberOf(user.sub)).toBeNull();
  });

  it('refuses an expired code; a new code replaces it', async () => {
    const user = await createTestUser();
    const number = freshNumber();
    expect((await verify(user, number)).status).toBe(200);
    const first = await lastCode(number);
    await expireCode(user.sub);
    expectError(await confirm(user, first), 400, 'WHATSAPP_CODE_EXPIRED');
    expect((await verify(user, number)).status).toBe(200);
    const second = await lastCode(number);
    if (second !== first) expectError(await confirm(user, first), 400, 'WHATSAPP_CODE_WRONG');
    expect((await confirm(user, second)).status).toBe(200);
  });

  it('sends at most 3 codes an hour per account (429 with Retry-After)', async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i++) expect((await verify(user, freshNumber())).status).toBe(200);
    const number = freshNumber();
    const refused = await verify(user, number);
    const error = expectError(refused, 429, 'WHATSAPP_CODE_LIMIT');
    expect(error.params).toEqual({ limit: 3 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sentTo(number)).toEqual([]);
  });

  it('moves a number verified by another account to the last one', async () => {
    const [first, second] = await Promise.all([createTestUser(), createTestUser()]);
    const number = await linked(first);
    await linked(second, number);
    const { whatsappNumberOf, accountOfWhatsApp } = await import('@numbernest/core/channels');
    expect(await whatsappNumberOf(first.sub)).toBeNull();
    expect(await whatsappNumberOf(second.sub)).toBe(number);
    expect(await accountOfWhatsApp(digits(number))).toBe(second.sub);
  });
});

describe('the WhatsApp bot', () => {
  it('asks an unknown sender to link the number in the settings', async () => {
    const reply = await ask(freshNumber(), 'balance');
    expect(reply).toContain('not linked');
    expect(reply).toContain('/dashboard/account-settings');
    expect(await ask(freshNumber(), 'баланс')).toContain('не привязан');
    expect(await ask(freshNumber(), 'baki')).toContain('tidak dipautkan');
  });

  it('answers balance, numbers and help (EN, RU and MS) to a verified number, each message once', async () => {
    const user = await userWithBalance(50_00);
    const number = await linked(user);
    expect(await ask(number, 'help')).toContain('balance');
    expect(await ask(number, 'Помощь')).toContain('баланс');
    expect(await ask(number, 'bantuan')).toContain('baki');
    expect(await ask(number, 'what?')).toContain('numbers');
    expect(await ask(number, 'no active numbers yet')).toContain('balance');
    expect(await ask(number, 'numbers')).toBe('You have no active numbers.');

    // A Temporary activation of this file's own, with an SMS on it.
    const rental = await rentOwn(user);
    const { findUser } = await import('@numbernest/core/accounts');
    const { formatDollars } = await import('@numbernest/core/pricing');
    const cents = (await findUser(user.sub))!.balanceCents;
    expect(await ask(number, 'Balance')).toBe(`Your balance: $${formatDollars(cents)}`);
    expect(await ask(number, '/баланс')).toBe(`Ваш баланс: $${formatDollars(cents)}`);
    expect(await ask(number, 'Baki')).toBe(`Baki anda: $${formatDollars(cents)}`);

    await smsTo(rental.number, 'G-135790 is your Google verification code');
    const numbers = await ask(number, 'numbers');
    expect(numbers).toContain(rental.number);
    expect(numbers).toContain('code 135790');
    expect(await ask(number, 'номера')).toContain('код 135790');
    expect(await ask(number, 'nombor')).toContain('kod 135790');

    // Meta delivers again until it gets a 200: the same message id is answered once.
    const again = inbound(number, 'balance', 'wamid.same-message-once');
    const before = (await sentTo(number)).length;
    expect((await postWebhook(again)).status).toBe(200);
    expect((await postWebhook(again)).status).toBe(200);
    expect(await sentTo(number)).toHaveLength(before + 1);
  });
});

describe('sendWhatsAppSms', () => {
  it('sends the SMS template with service, code and text as plain text parameters, markup included', async () => {
    const { sendWhatsAppSms } = await import('@numbernest/core/channels');
    const number = freshNumber();
    const text = '<b>*Bold*</b> _it_ ~no~ ```mono``` & "quotes" {{1}} <script>alert(1)</script>\nline two\t\ttabbed';
    const { id } = await sendWhatsAppSms(number, { service: 'Tele*gram* <i>', code: '12345', text });
    expect(id).toMatch(/^wamid\./);
    const [message] = await sentTo(number);
    expect(message).toMatchObject({ id, type: 'template', template: { name: 'numbernest_sms', language: { code: 'en_US' } } });
    expect(message!.template!.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Tele*gram* <i>' },
          { type: 'text', text: '12345' },
          // Graph refuses line breaks and tabs in a parameter: they become spaces; nothing else changes.
          { type: 'text', text: '<b>*Bold*</b> _it_ ~no~ ```mono``` & "quotes" {{1}} <script>alert(1)</script> line two tabbed' },
        ],
      },
    ]);
    // No code, no service: a dash, as Graph refuses an empty parameter.
    await sendWhatsAppSms(number, { service: null, code: null, text: 'Hello' });
    expect((await sentTo(number)).at(-1)!.template!.components[0]!.parameters.map((p) => p.text)).toEqual(['—', '—', 'Hello']);
  });
});

describe('forwarding by WhatsApp', () => {
  it('is refused until a number is verified; then each SMS of a rental arrives once as the SMS template with its code', async () => {
    const user = await userWithBalance(50_00);
    const allOff = { email: false, telegram: false, whatsapp: false, push: false };
    expectError(await as(user.idToken).put('/user/forwarding', { ...allOff, whatsapp: true }), 409, 'FORWARDING_NOT_LINKED');
    const number = await linked(user);
    const on = await as(user.idToken).put('/user/forwarding', { ...allOff, whatsapp: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json).toMatchObject({ data: { whatsapp: true, whatsapp_number: number } });

    const rental = await rentOwn(user);
    const templates = async () => (await sentTo(number)).filter((m) => m.template?.name === localValue('WhatsAppSmsTemplate'));

    await smsTo(rental.number, 'G-864209 is your Google verification code');
    await until('the forwarded template', async () => (await templates()).length > 0);
    const [forwarded, ...more] = await templates();
    expect(more).toEqual([]);
    expect(forwarded!.template!.components[0]!.parameters.map((p) => p.text)).toEqual(['Google', '864209', 'G-864209 is your Google verification code']);
  });
});
