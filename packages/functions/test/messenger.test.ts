import { apiUrl, expectError, send } from './api'; // first: points this process at the local cloud
import { randomInt } from 'node:crypto';
import { messengerLinkReplySchema, type MessengerLinkView } from '@numbernest/contracts/messenger';
import { localMessengerValue } from '@numbernest/local/messenger/settings';
import { messengerNotification, signedBy, type PersonInput, type SentMessenger } from '@numbernest/local/messenger/stand-in';
import { describe, expect, it } from 'vitest';
import { as, createTestUser, userWithBalance, type TestUser } from './auth-users';
import { rentOwn, smsTo, until } from './rent-own';

/**
 * Messenger through the gateway and the local stand-in (Meta's Send API and the person's side of
 * the conversation): linking by the m.me link's one-time reference, the webhook's verification and
 * signature, the bot's commands, each SMS forwarded with its code on its own line (inside the
 * 24-hour window as a RESPONSE, after it with the ACCOUNT_UPDATE tag), and unlinking from either
 * side or by a blocked Page.
 */

const newPsid = () => `9${String(randomInt(0, 2 ** 47)).padStart(15, '0')}`;

async function sentTo(psid: string): Promise<SentMessenger[]> {
  const response = await fetch(`${apiUrl}/_local/messenger/sent.json?psid=${psid}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SentMessenger[];
}

/** The person does something in the stand-in's conversation (posted to the webhook, signed); what the Page answered. */
async function act(input: PersonInput): Promise<SentMessenger[]> {
  const before = (await sentTo(input.psid)).length;
  const response = await fetch(`${apiUrl}/_local/messenger/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { status: number }).status).toBe(200);
  return (await sentTo(input.psid)).slice(before);
}

const ask = async (psid: string, text: string) => (await act({ psid, text })).at(-1)?.text ?? '';

async function linkFor(user: TestUser, language?: 'en' | 'ru' | 'ms'): Promise<MessengerLinkView> {
  const reply = await as(user.idToken).post('/user/messenger/link', language ? { language } : undefined);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return messengerLinkReplySchema.parse(reply.json).data;
}

/** Opens the settings' link in the stand-in as the person `psid` (as a tap on it would); the Page's answer. */
async function open(link: MessengerLinkView, psid: string): Promise<string> {
  const before = (await sentTo(psid)).length;
  const response = await fetch(`${link.url}&psid=${psid}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`/_local/messenger?psid=${psid}`);
  const answers = (await sentTo(psid)).slice(before);
  expect(answers).toHaveLength(1);
  return answers[0]!.text;
}

async function linked(user: TestUser, language?: 'en' | 'ru' | 'ms'): Promise<string> {
  const psid = newPsid();
  expect(await open(await linkFor(user, language), psid)).toMatch(/^(Linked|Привязано|Dipautkan)/);
  return psid;
}

const linkOf = async (sub: string) => (await import('@numbernest/core/channels')).messengerLinkOf(sub);

const allOff = { email: false, telegram: false, whatsapp: false, messenger: false, push: false };

function postWebhook(body: string, signature: string | null = signedBy(body, localMessengerValue('MessengerAppSecret'))) {
  return send('POST', '/webhooks/messenger', {
    body,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
  });
}

describe('Messenger webhook verification and signature', () => {
  const verification = (mode: string, token: string) =>
    send('GET', `/webhooks/messenger?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`);

  it('echoes the challenge for the right verify token only', async () => {
    const right = await verification('subscribe', localMessengerValue('MessengerVerifyToken'));
    expect(right.status).toBe(200);
    expect(String(right.json)).toBe('1158201444');
    expect((await verification('subscribe', 'wrong-token')).status).toBe(403);
    expect((await verification('unsubscribe', localMessengerValue('MessengerVerifyToken'))).status).toBe(403);
    expect((await send('GET', '/webhooks/messenger')).status).toBe(403);
  });

  it('refuses a forged or missing signature and does nothing: the reference stays unused and nobody is answered', async () => {
    const user = await createTestUser();
    const link = await linkFor(user);
    const psid = newPsid();
    const body = JSON.stringify(messengerNotification({ psid, ref: link.ref }));
    expect((await postWebhook(body, signedBy(body, 'not-the-app-secret'))).status).toBe(403);
    expect((await postWebhook(body, 'sha256=00')).status).toBe(403);
    expect((await postWebhook(body, null)).status).toBe(403);
    // Signed over another body: the same header does not carry over.
    const other = JSON.stringify(messengerNotification({ psid, text: 'balance' }));
    expect((await postWebhook(body, signedBy(other, localMessengerValue('MessengerAppSecret')))).status).toBe(403);
    expect(await linkOf(user.sub)).toBeUndefined();
    expect(await sentTo(psid)).toEqual([]);
    // The reference is still good for the real thing.
    expect(await open(link, psid)).toContain('Linked');
  });
});

describe('linking Messenger by the m.me link', () => {
  it('gives a one-time m.me link of the Page; opening it links the person, once, and says so in the chat', async () => {
    const user = await createTestUser();
    const link = await linkFor(user);
    expect(link.url).toBe(`${localMessengerValue('MessengerLinkBase')}/${localMessengerValue('MessengerPageUsername')}?ref=${link.ref}`);
    expect(link.ref).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);

    const psid = newPsid();
    // A new conversation: Get Started's postback carries the reference.
    expect(await open(link, psid)).toContain('Linked');
    expect(await linkOf(user.sub)).toMatchObject({ psid, language: 'en' });
    const forwarding = await as(user.idToken).get('/user/forwarding');
    expect(forwarding.json).toMatchObject({ data: { messenger: false, messenger_linked: true } });

    // Single use: the same reference again, from anyone, is refused.
    expect((await act({ psid: newPsid(), ref: link.ref })).map((m) => m.text)).toEqual([expect.stringContaining('already used')]);
    // Opening the same link again in the stand-in (a reload) is the same conversation, and posts nothing.
    const again = await fetch(`${link.url}&psid=${newPsid()}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`/_local/messenger?psid=${psid}`);
    // An open conversation: the referral event (messaging_referrals) carries a new reference.
    expect(await open(await linkFor(user), psid)).toContain('already linked');
  });

  it('refuses an expired reference, and a person linked to another account', async () => {
    const [first, second] = await Promise.all([createTestUser(), createTestUser()]);
    const link = await linkFor(first);
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `MSLINK#${link.ref}`, sk: 'REF' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await open(link, newPsid())).toContain('expired');
    expect(await linkOf(first.sub)).toBeUndefined();

    const psid = await linked(first);
    expect(await open(await linkFor(second), psid)).toContain('another NumberNest account');
    expect(await linkOf(second.sub)).toBeUndefined();
  });

  it('speaks the language the link was asked in', async () => {
    const user = await createTestUser();
    const psid = newPsid();
    expect(await open(await linkFor(user, 'ru'), psid)).toMatch(/^Привязано/);
    expect(await ask(psid, 'what?')).toContain('баланс');
    const other = newPsid();
    expect(await open(await linkFor(await createTestUser(), 'ms'), other)).toMatch(/^Dipautkan/);
  });
});

describe('the Messenger bot', () => {
  it('asks an unknown person to link in the settings', async () => {
    const reply = await ask(newPsid(), 'balance');
    expect(reply).toContain('not linked');
    expect(reply).toContain('/dashboard/account-settings');
    expect(await ask(newPsid(), 'баланс')).toContain('не привязан');
    expect(await ask(newPsid(), 'baki')).toContain('tidak dipautkan');
  });

  it('answers balance, numbers, code and help (EN, RU and MS), each message once', async () => {
    const user = await userWithBalance(50_00);
    const psid = await linked(user);
    expect(await ask(psid, 'help')).toContain('balance');
    expect(await ask(psid, 'Помощь')).toContain('баланс');
    expect(await ask(psid, 'bantuan')).toContain('baki');
    expect(await ask(psid, 'numbers')).toBe('You have no active numbers.');

    const rental = await rentOwn(user);
    const { findUser } = await import('@numbernest/core/accounts');
    const { formatDollars } = await import('@numbernest/core/pricing');
    const cents = (await findUser(user.sub))!.balanceCents;
    expect(await ask(psid, 'Balance')).toBe(`Your balance: $${formatDollars(cents)}`);
    expect(await ask(psid, '/баланс')).toBe(`Ваш баланс: $${formatDollars(cents)}`);
    expect(await ask(psid, 'baki')).toBe(`Baki anda: $${formatDollars(cents)}`);
    expect(await ask(psid, 'numbers')).toContain(rental.number);
    expect(await ask(psid, `code ${rental.number}`)).toBe(`No code has arrived for ${rental.number} yet.`);

    await smsTo(rental.number, 'G-135790 is your Google verification code');
    expect(await ask(psid, `code ${rental.number}`)).toBe(`Latest code for ${rental.number} (Google):\n135790`);
    expect(await ask(psid, 'код')).toBe(`Последний код для ${rental.number} (Google):\n135790`);
    expect(await ask(psid, `kod ${rental.number.slice(-4)}`)).toContain('\n135790');
    expect(await ask(psid, 'code +10000000000')).toContain('is not one of your active numbers');

    // Meta delivers again until it gets a 200: the same message id is answered once.
    const again = JSON.stringify(messengerNotification({ psid, text: 'balance' }));
    const before = (await sentTo(psid)).length;
    expect((await postWebhook(again)).status).toBe(200);
    expect((await postWebhook(again)).status).toBe(200);
    expect(await sentTo(psid)).toHaveLength(before + 1);
  });

  it('"stop" unlinks the person, who is then asked to link again', async () => {
    const user = await createTestUser();
    const psid = await linked(user);
    expect((await as(user.idToken).put('/user/forwarding', { ...allOff, messenger: true })).status).toBe(200);
    expect(await ask(psid, 'stop')).toContain('Unlinked');
    expect(await linkOf(user.sub)).toBeUndefined();
    expect((await as(user.idToken).get('/user/forwarding')).json).toMatchObject({ data: { messenger_linked: false } });
    expect(await ask(psid, 'balance')).toContain('not linked');
  });
});

describe('forwarding by Messenger', () => {
  it('is refused until linked; then each SMS arrives once in the chat within a second, the code alone on its line', async () => {
    const user = await userWithBalance(50_00);
    expectError(await as(user.idToken).put('/user/forwarding', { ...allOff, messenger: true }), 409, 'FORWARDING_NOT_LINKED');
    const psid = await linked(user);
    const on = await as(user.idToken).put('/user/forwarding', { ...allOff, messenger: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json).toMatchObject({ data: { messenger: true, messenger_linked: true } });
    // A client that does not know the switch leaves it as it is.
    const older = await as(user.idToken).put('/user/forwarding', { email: false, telegram: false, whatsapp: false, push: false });
    expect(older.json).toMatchObject({ data: { messenger: true } });

    const rental = await rentOwn(user);
    const before = (await sentTo(psid)).length;
    const started = performance.now();
    await smsTo(rental.number, 'G-864209 is your Google verification code');
    const [forwarded] = await until('the forwarded message', async () => {
      const after = (await sentTo(psid)).slice(before);
      return after.length ? after : undefined;
    });
    const elapsed = performance.now() - started;
    expect(elapsed, `forwarded after ${Math.round(elapsed)} ms`).toBeLessThan(1000);
    expect(forwarded!.messaging_type).toBe('RESPONSE');
    expect(forwarded!.text.split('\n')).toEqual([`SMS to ${rental.number} from Google:`, '864209', '', 'G-864209 is your Google verification code']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await sentTo(psid)).slice(before)).toHaveLength(1);
  });

  it('after the 24-hour window sends with the ACCOUNT_UPDATE tag; a message from the person opens the window again', async () => {
    const user = await userWithBalance(50_00);
    const psid = await linked(user);
    expect((await as(user.idToken).put('/user/forwarding', { ...allOff, messenger: true })).status).toBe(200);
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `USER#${user.sub}`, sk: 'MESSENGER' },
        UpdateExpression: 'SET lastInboundAt = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 25 * 3_600_000).toISOString() },
      }),
    );
    const rental = await rentOwn(user);
    const newest = async () => (await sentTo(psid)).at(-1);
    await smsTo(rental.number, 'G-111222 is your Google verification code');
    const tagged = await until('the tagged message', async () => ((await newest())?.text.includes('111222') ? newest() : undefined));
    expect(tagged).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' });

    // Anything from the person opens it again, a sticker too (no text, so no answer).
    const at = Date.now();
    const sticker = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: '100000000000002',
          time: at,
          messaging: [
            {
              sender: { id: psid },
              recipient: { id: '100000000000002' },
              timestamp: at,
              message: {
                mid: `m_sticker_${psid}`,
                sticker_id: 369239263222822,
                attachments: [{ type: 'image', payload: { url: 'https://example.com/like.png' } }],
              },
            },
          ],
        },
      ],
    });
    const before = (await sentTo(psid)).length;
    expect((await postWebhook(sticker)).status).toBe(200);
    expect(await sentTo(psid)).toHaveLength(before);
    await smsTo(rental.number, 'G-333444 is your Google verification code');
    const answered = await until('the next message', async () => ((await newest())?.text.includes('333444') ? newest() : undefined));
    expect(answered!.messaging_type).toBe('RESPONSE');
  });

  it('unlinks a person who blocked the Page when a send says so, and sends nothing more', async () => {
    const user = await userWithBalance(50_00);
    const psid = await linked(user);
    expect((await as(user.idToken).put('/user/forwarding', { ...allOff, messenger: true })).status).toBe(200);
    const blocked = await fetch(`${apiUrl}/_local/messenger/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ psid }),
    });
    expect(await blocked.json()).toEqual({ psid, blocked: true });
    const rental = await rentOwn(user);
    await smsTo(rental.number, 'G-555666 is your Google verification code');
    await until('the link dropped', async () => (await linkOf(user.sub)) === undefined);
    expect((await as(user.idToken).get('/user/forwarding')).json).toMatchObject({ data: { messenger_linked: false } });
    expect((await sentTo(psid)).some((m) => m.text.includes('555666'))).toBe(false);
  });
});

describe('unlinking from the settings', () => {
  it('drops the link and tells the chat; a later message from the person is not linked', async () => {
    const user = await createTestUser();
    const psid = await linked(user);
    const before = (await sentTo(psid)).length;
    const reply = await as(user.idToken).delete('/user/messenger/link');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ message: 'success', data: { messenger_linked: false } });
    expect(await linkOf(user.sub)).toBeUndefined();
    expect((await sentTo(psid)).slice(before).map((m) => m.text)).toEqual([expect.stringContaining('Unlinked')]);
    expect(await ask(psid, 'balance')).toContain('not linked');
    // Nothing linked: still a success.
    expect((await as(user.idToken).delete('/user/messenger/link')).status).toBe(200);
  });
});
