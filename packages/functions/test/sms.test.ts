import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { messagesReplySchema, notificationsReplySchema, rentalReplySchema, type Message, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { seedCatalog } from '@numbernest/core/seed';
import { localSmsValue } from '@numbernest/local/sms/settings';
import { gatewayInboundRequest, localDeviceKey, post as postUpstream, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { describe, expect, it } from 'vitest';
import { send } from './api';
import { as, balanceOf, storedUser, userWithBalance, type TestUser } from './auth-users';
import { shuffled } from '@numbernest/core';

/**
 * Inbound SMS end to end: the local SMS sandbox (or a hand-made upstream request) -> the real
 * webhook routes -> routing -> the renter's messages, rental, notification; never anyone else's.
 * Numbers come from countries at the end of the catalogue, shuffled, so parallel test files
 * rarely reach for the same ones (a taken one is skipped).
 */

const service = (slug: string) => seedCatalog.services.find((s) => s.slug === slug)!.id;
const Telegram = service('telegram');
const Google = service('google');
const WhatsApp = service('whatsapp');
const countries = seedCatalog.countries.slice(-4).map((c) => c.id); // Portugal, Georgia, Pakistan and the one before

function buy(user: TestUser, body: PurchaseRequest) {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

/** Seeded numbers of a type in our countries (offering the service, for Shared and Temporary), shuffled. */
function candidates(typeId: 1 | 2 | 3, serviceId?: number) {
  return shuffled(
    seedCatalog.numbers.filter(
      (n) =>
        n.typeId === typeId &&
        countries.includes(n.countryId) &&
        (typeId === 2
          ? seedCatalog.privateOffers.some((p) => p.countryId === n.countryId)
          : seedCatalog.offers.some((o) => o.countryId === n.countryId && o.serviceId === serviceId && (typeId === 1 || o.temporaryPriceCents !== undefined))),
    ),
  );
}

const request = (typeId: 1 | 2 | 3, numberId: number, serviceId?: number): PurchaseRequest =>
  typeId === 2
    ? { mobile_number_type_id: 2, mobile_number_id: numberId, rent_time_id: 1 }
    : typeId === 1
      ? { mobile_number_type_id: 1, mobile_number_id: numberId, service_provider_id: serviceId!, rent_time_id: 1 }
      : { mobile_number_type_id: 3, mobile_number_id: numberId, service_provider_id: serviceId! };

/** Rents the first free number of this kind (a 409 means another test holds it: try the next). */
async function rent(user: TestUser, typeId: 1 | 2 | 3, serviceId?: number, numberIds = candidates(typeId, serviceId).map((n) => n.numberId)): Promise<Rental> {
  for (const numberId of numberIds) {
    const reply = await buy(user, request(typeId, numberId, serviceId));
    if (reply.status === 409) continue;
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return rentalReplySchema.parse(reply.json).data;
  }
  throw new Error(`No free number of type ${typeId} for service ${serviceId}`);
}

/** One inbound SMS through the local SMS sandbox's JSON endpoint (a signed Twilio webhook to the real route). */
async function sms(to: string, from: string, body: string, messageSid?: string) {
  const response = await fetch(`${apiUrl}/_local/sms/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from, body, ...(messageSid ? { messageSid } : {}) }),
  });
  expect(response.status).toBe(200);
  const result = (await response.json()) as { status: number; contentType: string; reply: string; messageSid: string; record: null | Record<string, unknown> };
  expect(result.status, result.reply).toBe(200);
  expect(result.contentType).toContain('text/xml');
  expect(result.reply).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  return result;
}

async function messagesOf(user: TestUser, query = ''): Promise<Message[]> {
  const reply = await as(user.idToken).get(`/user/messages${query}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return messagesReplySchema.parse(reply.json).data.data;
}

async function rentalOf(user: TestUser, id: string): Promise<Rental> {
  const reply = await as(user.idToken).get(`/user/rentals/${id}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return rentalReplySchema.parse(reply.json).data;
}

async function orphansWith(text: string) {
  const { queryPartition } = await import('@numbernest/core/db');
  return (await queryPartition<{ body: string; reason: string; to: string }>('ORPHAN_SMS')).filter((o) => o.body.includes(text));
}

async function inboundRecord(provider: 'twilio' | 'gateway', id: string) {
  const { findInboundRecord } = await import('@numbernest/core/messaging');
  return findInboundRecord(provider, id);
}

describe('inbound SMS routing', () => {
  it('a Private number: its renter gets every SMS, with the code, the rental updated and a notification', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 2);
    const unreadBefore = notificationsReplySchema.parse((await as(user.idToken).get('/user/notifications')).json).data.unread_count;
    const { record } = await sms(rental.number, 'Google', 'G-123456 is your Google verification code.');
    expect(record).toMatchObject({ outcome: 'delivered', rentalId: rental.id, sub: user.sub });

    const [message, ...rest] = await messagesOf(user);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      rental_id: rental.id,
      box: 'inbox',
      from: 'Google',
      to: rental.number,
      body: 'G-123456 is your Google verification code.',
      code: '123456',
      price: null,
      verified: true,
    });
    expect((await messagesOf(user, `?rental_id=${rental.id}&box=inbox`)).map((m) => m.id)).toEqual([message!.id]);
    expect(await messagesOf(user, '?box=sent')).toEqual([]);

    const after = await rentalOf(user, rental.id);
    expect(after).toMatchObject({
      status: 'active',
      messages_count: 1,
      last_message: { body: message!.body, code: '123456', from: 'Google', received_at: message!.created_at },
    });

    const notes = notificationsReplySchema.parse((await as(user.idToken).get('/user/notifications')).json).data;
    expect(notes.unread_count).toBe(unreadBefore + 1);
    expect(notes.data[0]!.data).toMatchObject({
      kind: 'message',
      key: 'newMessage',
      params: { from: 'Google', number: rental.number, code: '123456', rentalId: rental.id },
    });
    expect((await storedUser(user.sub))!.unreadCount).toBe(unreadBefore + 1);
  });

  it('a Shared number rented by two users for two services: each gets only their service SMS', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_00), userWithBalance(100_00)]);
    let pair: [Rental, Rental] | undefined;
    for (const number of candidates(1, Google).filter((n) => seedCatalog.offers.some((o) => o.countryId === n.countryId && o.serviceId === Telegram))) {
      const first = await buy(alice, request(1, number.numberId, Google));
      if (first.status === 409) continue;
      const google = rentalReplySchema.parse(first.json).data;
      const second = await buy(bob, request(1, number.numberId, Telegram));
      if (second.status === 201) {
        pair = [google, rentalReplySchema.parse(second.json).data];
        break;
      }
      expect((await as(alice.idToken).post(`/user/rentals/${google.id}/close`)).status).toBe(200);
    }
    if (!pair) throw new Error('No Shared number free for both Google and Telegram');
    const [google, telegram] = pair;
    expect(google.number).toBe(telegram.number);

    await sms(google.number, 'Google', 'G-482913 is your Google verification code.');
    await sms(google.number, '+4915510000000', 'Telegram code: 55123\n\nYou can also tap on this link to log in:\nhttps://t.me/login/55123');
    await sms(google.number, 'Signal', 'Your Signal registration code: 123-456'); // nobody here rents Signal

    expect((await messagesOf(alice)).map((m) => [m.from, m.code, m.rental_id, m.verified])).toEqual([['Google', '482913', google.id, true]]);
    // Telegram's words from an ordinary number: Bob sees it, labelled, but it is not his code and no use.
    expect((await messagesOf(bob)).map((m) => [m.from, m.code, m.rental_id, m.verified])).toEqual([['+4915510000000', '55123', telegram.id, false]]);
    expect(await rentalOf(alice, google.id)).toMatchObject({ messages_count: 1, last_message: { code: '482913' } });
    expect(await rentalOf(bob, telegram.id)).toMatchObject({ messages_count: 0, last_message: null });
    expect(await orphansWith('Your Signal registration code: 123-456')).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'no-matching-service', to: google.number })]),
    );
    // Another renter's rental id shows nothing: the list is the caller's partition only.
    expect(await messagesOf(alice, `?rental_id=${telegram.id}`)).toEqual([]);
  });

  it('a Temporary activation takes its codes and stays active for more within its window', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 3, Telegram);
    await sms(rental.number, 'Telegram', 'Telegram code: 11111');
    await sms(rental.number, 'Telegram', 'Код подтверждения Telegram: 22222. Никому не давайте код!');
    const after = await rentalOf(user, rental.id);
    expect(after).toMatchObject({ status: 'active', ended: null, messages_count: 2, last_message: { code: '22222' } });
    expect((await messagesOf(user)).map((m) => m.code)).toEqual(['22222', '11111']); // newest first
  });

  it('an SMS nobody matches is kept as an orphan and shown to nobody', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 1, WhatsApp);
    // Letters only: digits in the marker would be read as part of a phone number next to the code.
    const marker = randomUUID().replace(/[^a-f]/g, 'x');
    const { record } = await sms(rental.number, 'Signal', `Your Signal registration code: 777-777 ${marker}`);
    expect(record).toMatchObject({ outcome: 'orphan', reason: 'no-matching-service' });
    expect(await messagesOf(user)).toEqual([]);
    expect((await rentalOf(user, rental.id)).messages_count).toBe(0);
    expect(await orphansWith(marker)).toEqual([expect.objectContaining({ reason: 'no-matching-service', to: rental.number, code: '777777' })]);

    const unknown = randomUUID();
    const { record: nowhere } = await sms('+10000000001', 'Google', `G-111111 ${unknown}`);
    expect(nowhere).toMatchObject({ outcome: 'orphan', reason: 'unknown-number' });
    expect(await orphansWith(unknown)).toHaveLength(1);
  });
});

describe('inbound SMS webhooks: signatures and replays', () => {
  it('a forged or unsigned Twilio webhook is 403 and stores nothing', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 2);
    const forged = twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: 'Google', body: 'G-666666 forged', authToken: 'not-the-token' });
    expect((await postUpstream(forged)).status).toBe(403);
    const unsigned = twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: 'Google', body: 'G-666666 unsigned' });
    delete unsigned.headers['x-twilio-signature'];
    expect((await postUpstream(unsigned)).status).toBe(403);
    // Signed for another URL (a query added after signing).
    const moved = twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: 'Google', body: 'G-666666 moved' });
    expect((await postUpstream({ ...moved, url: `${moved.url}?x=1` })).status).toBe(403);
    // A field changed after signing.
    const altered = twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: 'Google', body: 'G-666666 altered' });
    expect((await postUpstream({ ...altered, body: altered.body.replace('altered', 'changed') })).status).toBe(403);

    for (const r of [forged, unsigned, moved, altered]) expect(await inboundRecord('twilio', r.messageSid)).toBeUndefined();
    expect(await messagesOf(user)).toEqual([]);
    expect((await rentalOf(user, rental.id)).messages_count).toBe(0);
  });

  it('the same MessageSid twice is stored once (both answered 200)', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 2);
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const first = await sms(rental.number, 'Telegram', 'Telegram code: 31337', sid);
    const again = await sms(rental.number, 'Telegram', 'Telegram code: 31337', sid);
    const [third, fourth] = await Promise.all([
      sms(rental.number, 'Telegram', 'Telegram code: 31337', sid),
      sms(rental.number, 'Telegram', 'Telegram code: 31337', sid),
    ]);
    for (const r of [again, third, fourth]) expect(r.record).toEqual(first.record);
    expect(await messagesOf(user)).toHaveLength(1);
    expect((await rentalOf(user, rental.id)).messages_count).toBe(1);
  });

  it('text with HTML is stored and returned verbatim, as text', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 2);
    const body = '<script>alert("x")</script><img src=x onerror=alert(1)> Your code: 90210 & more';
    await sms(rental.number, '<b>Bank</b>', body);
    const [message] = await messagesOf(user);
    expect(message).toMatchObject({ body, from: '<b>Bank</b>', code: '90210' });
    expect((await rentalOf(user, rental.id)).last_message?.body).toBe(body);
  });
});

describe("an SMS counts for a rental only from its service's senders", () => {
  it('a text-only match on a Shared number is delivered labelled unverified, offers no code, and is no use: closing refunds in full', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 1, Google);
    const marker = randomUUID().replace(/[^a-f]/g, 'x');
    const { record } = await sms(rental.number, '+15550001111', `G-271828 is your Google verification code. ${marker}`);
    expect(record).toMatchObject({ outcome: 'delivered', rentalId: rental.id, verified: false });

    const [message] = await messagesOf(user);
    expect(message).toMatchObject({ from: '+15550001111', code: '271828', verified: false, body: expect.stringContaining(marker) });
    expect(await rentalOf(user, rental.id)).toMatchObject({ status: 'active', messages_count: 0, last_message: null });
    const { findRental } = await import('@numbernest/core/rentals');
    expect(await findRental(user.sub, rental.id)).toMatchObject({ messagesCount: 0, unverifiedCount: 1 });
    const notes = notificationsReplySchema.parse((await as(user.idToken).get('/user/notifications')).json).data;
    expect(notes.data[0]!.data).toMatchObject({ key: 'newMessage', params: { from: '+15550001111', code: '', rentalId: rental.id } });

    const before = await balanceOf(user);
    const closed = await as(user.idToken).post(`/user/rentals/${rental.id}/close`);
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    expect(rentalReplySchema.parse(closed.json).data).toMatchObject({ status: 'inactive', ended: 'refunded', messages_count: 0 });
    expect(await balanceOf(user)).toBe(before + Math.round(rental.price * 100));
  });

  it("the service's own sender counts: verified, the rental's code and its use", async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 3, Telegram);
    await sms(rental.number, '+4915510000000', 'Telegram code: 10101');
    await sms(rental.number, 'Telegram', 'Telegram code: 20202');
    expect((await messagesOf(user)).map((m) => [m.code, m.verified])).toEqual([
      ['20202', true],
      ['10101', false],
    ]);
    expect(await rentalOf(user, rental.id)).toMatchObject({ messages_count: 1, last_message: { code: '20202', from: 'Telegram' } });
  });

  it("a Private number is the renter's whole number: any sender counts", async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(user, 2);
    const { record } = await sms(rental.number, '+4915510000000', 'Hi, it is Anna. Code for the door: 4455');
    expect(record).toMatchObject({ outcome: 'delivered', verified: true });
    expect(await rentalOf(user, rental.id)).toMatchObject({ messages_count: 1, last_message: { from: '+4915510000000' } });
  });
});

/** Seeded numbers that are SIMs in our android-sms-gateway phones, of a type, shuffled. */
const phoneHosted = (typeId: 1 | 2 | 3) => shuffled(seedCatalog.numbers.filter((n) => n.typeId === typeId && n.source.provider === 'gateway'));
const sourceOfNumber = (e164: string) => seedCatalog.numbers.find((n) => n.e164 === e164)!.source;

describe('an upstream reports SMS only for the numbers it hosts', () => {
  it("the local sandbox sends a phone's number's SMS through that phone, signed with its own key", async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(
      user,
      2,
      undefined,
      phoneHosted(2).map((n) => n.numberId),
    );
    const source = sourceOfNumber(rental.number);
    expect(source.provider).toBe('gateway');
    const response = await fetch(`${apiUrl}/_local/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: rental.number, from: 'WhatsApp', body: 'Your WhatsApp code: 808-909' }),
    });
    const result = (await response.json()) as { upstream: string; deviceId?: string; url: string; status: number; reply: string; record: unknown };
    expect(result).toMatchObject({
      upstream: 'gateway',
      deviceId: source.provider === 'gateway' ? source.deviceId : '',
      status: 200,
      record: { outcome: 'delivered', rentalId: rental.id },
    });
    expect(result.url).toContain('/api/webhooks/sms/gateway');
    expect((await messagesOf(user)).map((m) => m.code)).toEqual(['808909']);
  });

  it("Twilio's webhook for a phone's number is refused (403) and stores nothing", async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(
      user,
      2,
      undefined,
      phoneHosted(2).map((n) => n.numberId),
    );
    const marker = randomUUID().replace(/[^a-f]/g, 'x');
    const request = twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: 'Google', body: `G-112358 is your Google verification code. ${marker}` });
    const reply = await postUpstream(request);
    expect(reply.status, reply.body).toBe(403);
    expect(JSON.parse(reply.body)).toEqual({ message: 'This number is not hosted by this upstream' });
    expect(await inboundRecord('twilio', request.messageSid)).toBeUndefined();
    expect(await orphansWith(marker)).toEqual([]);
    expect(await messagesOf(user)).toEqual([]);
    expect((await rentalOf(user, rental.id)).messages_count).toBe(0);
  });

  it("a phone reports for its own SIMs only: another phone's key, another slot, a Twilio number or a forgery is refused and stores nothing", async () => {
    const user = await userWithBalance(100_00);
    const rental = await rent(
      user,
      2,
      undefined,
      phoneHosted(2).map((n) => n.numberId),
    );
    const twilioRental = await rent(user, 2);
    const own = sourceOfNumber(rental.number);
    if (own.provider !== 'gateway') throw new Error('not a phone-hosted number');
    const other = seedCatalog.numbers.map((n) => n.source).find((s) => s.provider === 'gateway' && s.deviceId !== own.deviceId)!;
    if (other.provider !== 'gateway') throw new Error('no second phone');
    const to = rental.number;
    const base = { appUrl: apiUrl, to, from: '+14155550132' };
    const tag = randomUUID().replace(/[^a-f]/g, 'x');

    // Its own phone: by the signed recipient, or by the URL's ?sim<slot>= when the app does not know its number.
    const byRecipient = gatewayInboundRequest({
      ...base,
      body: 'Your Uber code: 4821. Never share this code.',
      deviceId: own.deviceId,
      simNumber: own.simNumber,
    });
    const first = await postUpstream(byRecipient);
    expect(first.status, first.body).toBe(200);
    expect(await postUpstream(byRecipient).then((r) => r.status)).toBe(200); // a retry of the same event: stored once
    const byUrl = gatewayInboundRequest({ ...base, body: 'Your Lyft code is 6622', deviceId: own.deviceId, simNumber: own.simNumber, numberIn: 'url-sim' });
    expect((await postUpstream(byUrl)).status).toBe(200);

    const refused = [
      // Another phone, with its own valid key: by the signed recipient, and by the URL only.
      gatewayInboundRequest({ ...base, body: `other phone recipient 1111 ${tag}`, deviceId: other.deviceId, simNumber: other.simNumber }),
      gatewayInboundRequest({ ...base, body: `other phone url 2222 ${tag}`, deviceId: other.deviceId, simNumber: other.simNumber, numberIn: 'url-to' }),
      // Its own phone, but the other SIM slot; and a Twilio number.
      gatewayInboundRequest({ ...base, body: `other slot 3333 ${tag}`, deviceId: own.deviceId, simNumber: own.simNumber === 1 ? 2 : 1, numberIn: 'url-to' }),
      gatewayInboundRequest({ ...base, to: twilioRental.number, body: `twilio number 4444 ${tag}`, deviceId: own.deviceId, simNumber: own.simNumber }),
      // Signed with another phone's key, with the stage's gateway secret itself, or a made-up key; stale; unsigned.
      gatewayInboundRequest({
        ...base,
        body: `borrowed key 5555 ${tag}`,
        deviceId: own.deviceId,
        simNumber: own.simNumber,
        key: localDeviceKey(other.deviceId),
      }),
      gatewayInboundRequest({
        ...base,
        body: `the secret 6666 ${tag}`,
        deviceId: own.deviceId,
        simNumber: own.simNumber,
        key: localSmsValue('SmsGatewaySigningKey'),
      }),
      gatewayInboundRequest({ ...base, body: `forged 7777 ${tag}`, deviceId: own.deviceId, simNumber: own.simNumber, key: 'not-the-key' }),
      gatewayInboundRequest({
        ...base,
        body: `stale 8888 ${tag}`,
        deviceId: own.deviceId,
        simNumber: own.simNumber,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      }),
    ];
    const unsigned = gatewayInboundRequest({ ...base, body: `unsigned 9999 ${tag}`, deviceId: own.deviceId, simNumber: own.simNumber });
    delete unsigned.headers['x-signature'];
    for (const r of [...refused, unsigned]) {
      const reply = await postUpstream(r);
      expect(reply.status, `${r.body}: ${reply.body}`).toBe(403);
      expect(await inboundRecord('gateway', r.providerMessageId)).toBeUndefined();
    }
    expect((await messagesOf(user)).map((m) => [m.to, m.body, m.code])).toEqual([
      [to, 'Your Lyft code is 6622', '6622'],
      [to, 'Your Uber code: 4821. Never share this code.', '4821'],
    ]);
    expect((await rentalOf(user, twilioRental.id)).messages_count).toBe(0);
    expect(await orphansWith(tag)).toEqual([]);
  });
});

describe('closing after a message', () => {
  it('closes WITHOUT a refund once a message came; an unused rental is refunded', async () => {
    const user = await userWithBalance(100_00);
    const used = await rent(user, 2);
    const unused = await rent(user, 1, Google);
    await sms(used.number, 'Google', 'G-246810 is your Google verification code.');

    const before = await balanceOf(user);
    const closed = await as(user.idToken).post(`/user/rentals/${used.id}/close`);
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    expect(rentalReplySchema.parse(closed.json).data).toMatchObject({ status: 'inactive', ended: 'closed', messages_count: 1 });
    expect(await balanceOf(user)).toBe(before);

    const refunded = await as(user.idToken).post(`/user/rentals/${unused.id}/close`);
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(rentalReplySchema.parse(refunded.json).data).toMatchObject({ status: 'inactive', ended: 'refunded' });
    expect(await balanceOf(user)).toBe(before + Math.round(unused.price * 100));

    // The number is released: a later SMS to it is nobody's.
    const { record } = await sms(used.number, 'Google', 'G-135791 is your Google verification code.');
    expect(record).toMatchObject({ outcome: 'orphan' });
    expect(await messagesOf(user)).toHaveLength(1);
  });
});

describe('GET /api/user/messages', () => {
  it('needs a token, validates its query, and pages 20 at a time newest first', async () => {
    expect((await send('GET', '/user/messages')).status).toBe(401);
    const user = await userWithBalance(100_00);
    expect((await as(user.idToken).get('/user/messages?box=spam')).status).toBe(400);
    expect((await as(user.idToken).get('/user/messages?page=-1')).status).toBe(400);
    const rental = await rent(user, 2);
    for (let i = 0; i < 21; i++) await sms(rental.number, 'Telegram', `Telegram code: ${String(10000 + i)}`);
    const first = messagesReplySchema.parse((await as(user.idToken).get('/user/messages')).json).data;
    expect(first).toMatchObject({ current_page: 0, per_page: 20, next_page: 1 });
    expect(first.data[0]!.code).toBe('10020');
    const second = messagesReplySchema.parse((await as(user.idToken).get('/user/messages?page=1')).json).data;
    expect(second).toMatchObject({ current_page: 1, next_page: null });
    expect(second.data.map((m) => m.code)).toEqual(['10000']);
  });
});
