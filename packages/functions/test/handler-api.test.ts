import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomBytes, randomUUID } from 'node:crypto';
import { apiKeysReplySchema, createdApiKeyReplySchema, rentalReplySchema, rentalsReplySchema } from '@numbernest/contracts';
import { protocolJsonAnswerSchemas, protocolTextAnswerSchema, type ProtocolJsonAction } from '@numbernest/contracts/handler-api';
import { seedCatalog } from '@numbernest/core/seed';
import { post as postUpstream, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { ownLoopbackAddress } from '@numbernest/local/testing';
import { Agent, fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { send } from './api';
import { setKeyBucket, userWithKey } from './api-keys';
import { as, balanceOf, createUnverifiedUser, userWithBalance } from './auth-users';
import { backdateRental } from './rental-clock';
import { shuffled } from '@numbernest/core';

/**
 * The SMS-Activate-compatible handler_api (/stubs/handler_api.php) through the local gateway:
 * every action and error word, asserted on the exact answer text, always HTTP 200; a full
 * activation with a real inbound SMS; a cancel with its refund; API key security.
 */

const service = (slug: string) => seedCatalog.services.find((s) => s.slug === slug)!;
const country = (iso: string) => seedCatalog.countries.find((c) => c.iso === iso)!;
const temporaryPrice = (iso: string, slug: string) =>
  seedCatalog.offers.find((o) => o.countryId === country(iso).id && o.serviceId === service(slug).id)!.temporaryPriceCents!;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A client at a loopback address of its own: the gateway's sourceIp names it (close it when done). */
const client = () => new Agent({ localAddress: ownLoopbackAddress() });

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A well-formed key nobody has (its look-up is a real read). */
const randomKey = () => `nn_${[...randomBytes(32)].map((b) => alphabet[b % 62]).join('')}`;

/**
 * One protocol request: GET with everything in the query, or POST with a form body (and/or query);
 * from 127.0.0.1, or from the address of a `client()`.
 */
async function protocol(params: Record<string, string>, options: { method?: 'GET' | 'POST'; form?: Record<string, string>; via?: Agent } = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${apiUrl}/stubs/handler_api.php${query ? `?${query}` : ''}`, {
    method: options.method ?? 'GET',
    ...(options.form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(options.form).toString() } : {}),
    ...(options.via ? { dispatcher: options.via } : {}),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const contentType = response.headers.get('content-type') ?? '';
  // Every answer is one the contract describes (@numbernest/contracts handler-api.ts), so the docs built from it stay true.
  if (contentType.includes('text/plain')) expect(protocolTextAnswerSchema.safeParse(text).success, text).toBe(true);
  else {
    const action = (options.form?.action ?? params.action) as ProtocolJsonAction;
    const result = protocolJsonAnswerSchemas[action]?.safeParse(JSON.parse(text));
    expect(result?.success, `${action}: ${text} ${JSON.stringify(result?.error?.issues)}`).toBe(true);
  }
  return { text, contentType };
}

/** The answer's text, asserted plain text. */
async function answer(params: Record<string, string>, options?: Parameters<typeof protocol>[1]): Promise<string> {
  const reply = await protocol(params, options);
  return reply.text;
}

async function jsonAnswer(params: Record<string, string>): Promise<any> {
  const reply = await protocol(params);
  expect(reply.contentType, reply.text).toContain('application/json');
  return JSON.parse(reply.text);
}

async function sms(to: string, from: string, body: string) {
  const reply = await postUpstream(twilioInboundRequest({ appUrl: apiUrl, to, from, body }));
  expect(reply.status, reply.body).toBe(200);
}

/** The rental behind an activation id. */
async function rentalIdOf(activationId: string): Promise<string> {
  const { findActivation } = await import('@numbernest/core/rentals');
  return (await findActivation(Number(activationId)))!.rentalId;
}

/** getNumber, parsed: `ACCESS_NUMBER:{id}:{phone}`. */
async function getNumber(key: string, code: string, countryId: number) {
  const text = await answer({ api_key: key, action: 'getNumber', service: code, country: String(countryId) });
  const match = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(text);
  expect(match, text).not.toBeNull();
  return { id: match![1]!, phone: match![2]! };
}

describe('API keys: /api/user/api-keys', () => {
  it('creates a key shown once, lists it without the key, shows its last use, at most 5, revokes', async () => {
    const user = await userWithBalance(0);
    const api = as(user.idToken);
    const created = await api.post('/user/api-keys', { name: 'My bot' });
    expect(created.status).toBe(201);
    const { key, data } = createdApiKeyReplySchema.parse(created.json);
    expect(key).toMatch(/^nn_[0-9A-Za-z]{32}$/);
    expect(data).toMatchObject({ name: 'My bot', last_used_at: null });

    const listed = apiKeysReplySchema.parse((await api.get('/user/api-keys')).json);
    expect(listed.max).toBe(5);
    expect(listed.data).toEqual([data]);
    expect(JSON.stringify(listed)).not.toContain(key);

    expect(await answer({ api_key: key, action: 'getBalance' })).toBe('ACCESS_BALANCE:0.00');
    const used = apiKeysReplySchema.parse((await api.get('/user/api-keys')).json).data[0]!;
    expect(used.last_used_at).not.toBeNull();

    for (let i = 2; i <= 5; i++) expect((await api.post('/user/api-keys', { name: `key ${i}` })).status).toBe(201);
    expect((await api.post('/user/api-keys', { name: 'sixth' })).status).toBe(409);
    expect((await api.post('/user/api-keys', { name: '' })).status).toBe(400);

    expect((await api.delete(`/user/api-keys/${data.id}`)).status).toBe(200);
    expect(await answer({ api_key: key, action: 'getBalance' })).toBe('BAD_KEY');
    expect((await api.delete(`/user/api-keys/${data.id}`)).status).toBe(404);
    expect(apiKeysReplySchema.parse((await api.get('/user/api-keys')).json).data.map((k) => k.name)).not.toContain('My bot');
    expect((await api.post('/user/api-keys', { name: 'room again' })).status).toBe(201);
  });

  it('needs a signed-in, verified user', async () => {
    expect((await send('GET', '/user/api-keys')).status).toBe(401);
    const unverified = await createUnverifiedUser();
    expect((await as(unverified.accessToken).post('/user/api-keys', { name: 'x' })).status).toBe(403);
  });
});

describe('handler_api: conformance', () => {
  it('answers every error word exactly, HTTP 200, plain text without a newline', async () => {
    const { key } = await userWithKey(12_34);
    expect(await answer({ action: 'getBalance' })).toBe('NO_KEY');
    expect(await answer({ api_key: 'nn_wrong', action: 'getBalance' })).toBe('BAD_KEY');
    expect(await answer({ api_key: `nn_${'A'.repeat(32)}`, action: 'getBalance' })).toBe('BAD_KEY');
    expect(await answer({ api_key: key, action: 'noSuchAction' })).toBe('BAD_ACTION');
    expect(await answer({ api_key: key })).toBe('BAD_ACTION');
    const balance = await protocol({ api_key: key, action: 'getBalance', unknown: 'ignored' });
    expect(balance.text).toBe('ACCESS_BALANCE:12.34');
    expect(balance.contentType).toContain('text/plain');
    // POST: a form body, or an empty body with everything in the query.
    expect(await answer({}, { method: 'POST', form: { api_key: key, action: 'getBalance' } })).toBe('ACCESS_BALANCE:12.34');
    expect(await answer({ api_key: key, action: 'getBalance' }, { method: 'POST' })).toBe('ACCESS_BALANCE:12.34');

    expect(await answer({ api_key: key, action: 'getNumber', service: 'zz_not_a_service', country: '43' })).toBe('BAD_SERVICE');
    expect(await answer({ api_key: key, action: 'getNumber', service: 'go', country: '5' })).toBe('NO_NUMBERS'); // a country we do not carry
    const price = temporaryPrice('de', 'google');
    expect(await answer({ api_key: key, action: 'getNumber', service: 'go', country: '43', maxPrice: dollars(price - 1) })).toBe(
      `WRONG_MAX_PRICE:${dollars(price)}`,
    );
    expect(await answer({ api_key: key, action: 'getStatus', id: '1' })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: key, action: 'getStatus', id: 'abc' })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: key, action: 'getStatusV2', id: '1' })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: key, action: 'setStatus', id: '1', status: '6' })).toBe('NO_ACTIVATION');
    expect(await answer({ api_key: key, action: 'setStatus', id: '1', status: '9' })).toBe('BAD_STATUS');

    const poor = await userWithKey(0);
    expect(await answer({ api_key: poor.key, action: 'getNumber', service: 'go', country: '43' })).toBe('NO_BALANCE');
  });

  it('getCountries, getServicesList, getPrices, getNumbersStatus, getActiveActivations answer JSON in the protocol’s shapes', async () => {
    const { key } = await userWithKey();
    const countries = await jsonAnswer({ api_key: key, action: 'getCountries' });
    expect(countries['187']).toMatchObject({ id: 187, eng: 'United States', rus: 'США', visible: 1 });
    expect(countries['0']).toMatchObject({ id: 0, eng: 'Russia' });
    expect(countries['16']).toMatchObject({ id: 16, eng: 'United Kingdom' });

    const services = await jsonAnswer({ api_key: key, action: 'getServicesList' });
    expect(services.status).toBe('success');
    expect(services.services).toEqual(
      expect.arrayContaining([
        { code: 'go', name: 'Google' },
        { code: 'tg', name: 'Telegram' },
        { code: 'wa', name: 'WhatsApp' },
      ]),
    );

    const prices = await jsonAnswer({ api_key: key, action: 'getPrices', service: 'go', country: '43' });
    expect(Object.keys(prices)).toEqual(['43']);
    expect(Object.keys(prices['43'])).toEqual(['go']);
    expect(prices['43'].go).toEqual({ cost: temporaryPrice('de', 'google') / 100, count: expect.any(Number) });
    const all = await jsonAnswer({ api_key: key, action: 'getPrices' });
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['0', '16', '187']));
    expect(await answer({ api_key: key, action: 'getPrices', service: 'zz_nope' })).toBe('BAD_SERVICE');

    const status = await jsonAnswer({ api_key: key, action: 'getNumbersStatus', country: '43' });
    expect(status).toHaveProperty('go_0');
    expect(status.go_0).toMatch(/^\d+$/);

    expect(await jsonAnswer({ api_key: key, action: 'getActiveActivations' })).toEqual({ status: 'error', error: 'NO_ACTIVATIONS' });
  });
});

describe('handler_api: activations', () => {
  it('a full activation: getNumber -> SMS -> STATUS_OK -> another code -> setStatus 6; the web shows the same rental', async () => {
    const { user, key } = await userWithKey();
    const price = temporaryPrice('de', 'google');
    const before = await balanceOf(user);
    const { id, phone } = await getNumber(key, 'go', 43);
    expect(phone).toMatch(/^49\d+$/);
    expect(await balanceOf(user)).toBe(before - price);
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_WAIT_CODE');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '1' })).toBe('ACCESS_READY');
    expect(await jsonAnswer({ api_key: key, action: 'getStatusV2', id })).toEqual({ verificationType: 0, sms: null, call: null });

    // The same object on the web: My Number lists it.
    const web = rentalsReplySchema.parse((await as(user.idToken).get('/user/rentals?type=3')).json).data.data;
    const rental = web.find((r) => r.number === `+${phone}`)!;
    expect(rental).toMatchObject({ status: 'active', type: 3, service: { name: 'Google' } });

    const active = await jsonAnswer({ api_key: key, action: 'getActiveActivations' });
    expect(active.status).toBe('success');
    expect(active.activeActivations).toEqual([
      expect.objectContaining({ activationId: id, serviceCode: 'go', phoneNumber: phone, countryCode: '43', activationCost: dollars(price) }),
    ]);

    await sms(`+${phone}`, 'Google', 'G-123456 is your Google verification code');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:123456');
    expect(await jsonAnswer({ api_key: key, action: 'getStatusV2', id })).toEqual({
      verificationType: 0,
      sms: { dateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), code: '123456', text: 'G-123456 is your Google verification code' },
      call: null,
    });
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '8' })).toBe('BAD_STATUS'); // no cancel once an SMS came

    expect(await answer({ api_key: key, action: 'setStatus', id, status: '3' })).toBe('ACCESS_RETRY_GET');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_WAIT_RETRY:123456');
    await sms(`+${phone}`, 'Google', 'G-654321 is your Google verification code');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:654321');

    expect(await answer({ api_key: key, action: 'setStatus', id, status: '6' })).toBe('ACCESS_ACTIVATION');
    const ended = rentalReplySchema.parse((await as(user.idToken).get(`/user/rentals/${rental.id}`)).json).data;
    expect(ended).toMatchObject({ status: 'inactive', ended: 'completed', messages_count: 2 });
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:654321');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '6' })).toBe('BAD_STATUS');
    expect(await balanceOf(user)).toBe(before - price); // completed: no refund
    // Another user's key cannot see it.
    const other = await userWithKey();
    expect(await answer({ api_key: other.key, action: 'getStatus', id })).toBe('NO_ACTIVATION');
  });

  it("an SMS whose sender the service does not use is not the code: getStatus keeps waiting until the service's own sender writes", async () => {
    const { key } = await userWithKey();
    const { id, phone } = await getNumber(key, 'ig', 43);
    // Instagram's words from an ordinary number: anyone could send that to a shared number.
    await sms(`+${phone}`, '+15550001111', 'Use 111222 to verify your Instagram account');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_WAIT_CODE');
    expect(await jsonAnswer({ api_key: key, action: 'getStatusV2', id })).toEqual({ verificationType: 0, sms: null, call: null });
    const active = await jsonAnswer({ api_key: key, action: 'getActiveActivations' });
    expect(active.activeActivations).toEqual([expect.objectContaining({ activationId: id, activationStatus: '4', smsCode: null, smsText: null })]);

    await sms(`+${phone}`, 'Instagram', 'Use 333444 to verify your Instagram account');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:333444');
    expect((await jsonAnswer({ api_key: key, action: 'getStatusV2', id })).sms).toMatchObject({ code: '333444' });
  });

  it('getNumber -> setStatus 8 refunds in full (balance and ledger), then STATUS_CANCEL', async () => {
    const { user, key } = await userWithKey(5_00);
    const price = temporaryPrice('it', 'telegram');
    const { id } = await getNumber(key, 'tg', 86);
    expect(await balanceOf(user)).toBe(5_00 - price);
    // Not in the first two minutes (the protocol's own rule); nothing changes.
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '8' })).toBe('EARLY_CANCEL_DENIED');
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_WAIT_CODE');
    expect(await balanceOf(user)).toBe(5_00 - price);
    await backdateRental(user.sub, await rentalIdOf(id), 3);
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '8' })).toBe('ACCESS_CANCEL');
    expect(await balanceOf(user)).toBe(5_00);
    const { allEntries } = await import('@numbernest/core/money');
    expect((await allEntries(user.sub)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['adjustment', 5_00],
      ['purchase', -price],
      ['refund', price],
    ]);
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_CANCEL');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '8' })).toBe('BAD_STATUS');
    expect(await answer({ api_key: key, action: 'getBalance' })).toBe('ACCESS_BALANCE:5.00');
  });

  it('a cancel that meets an SMS arriving meanwhile is refused and ends nothing', async () => {
    const { user, key } = await userWithKey();
    const { id, phone } = await getNumber(key, 'wa', 43);
    const { findActivation, findRental, endRental } = await import('@numbernest/core/rentals');
    const activation = (await findActivation(Number(id)))!;
    const stale = (await findRental(user.sub, activation.rentalId))!; // read before the SMS
    await sms(`+${phone}`, 'WhatsApp', 'Your WhatsApp code: 482-913');
    // (three minutes on: past the first two, in which any cancel is refused)
    await expect(endRental(stale, { ended: 'closed', onlyIfUnused: true }, new Date(Date.now() + 3 * 60_000))).rejects.toThrow(/can no longer be cancelled/);
    expect(await answer({ api_key: key, action: 'getStatus', id })).toBe('STATUS_OK:482913');
    expect(await answer({ api_key: key, action: 'setStatus', id, status: '8' })).toBe('BAD_STATUS');
    expect((await findRental(user.sub, activation.rentalId))!.status).toBe('active');
  });

  it('getNumberV2 answers JSON; a Temporary number bought on the web is an activation too', async () => {
    const { user, key } = await userWithKey();
    const v2 = await jsonAnswer({ api_key: key, action: 'getNumberV2', service: 'wa', country: '54' });
    expect(v2).toEqual({
      activationId: expect.any(Number),
      phoneNumber: expect.stringMatching(/^52\d+$/),
      activationCost: temporaryPrice('mx', 'whatsapp') / 100,
      countryCode: '54',
      canGetAnotherSms: true,
      activationTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      activationOperator: 'any',
    });
    expect(await answer({ api_key: key, action: 'getStatus', id: String(v2.activationId) })).toBe('STATUS_WAIT_CODE');

    // Bought on the web: the API sees it (getActiveActivations, getStatus).
    const brazil = country('br').id;
    const telegram = service('telegram').id;
    const numbers = shuffled(seedCatalog.numbers.filter((n) => n.countryId === brazil && n.typeId === 3));
    let bought: string | undefined;
    for (const n of numbers) {
      const reply = await send('POST', '/user/rentals', {
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ mobile_number_type_id: 3, mobile_number_id: n.numberId, service_provider_id: telegram }),
      });
      if (reply.status === 409) continue;
      expect(reply.status, JSON.stringify(reply.json)).toBe(201);
      bought = rentalReplySchema.parse(reply.json).data.number.replace('+', '');
      break;
    }
    expect(bought).toBeDefined();
    const active = await jsonAnswer({ api_key: key, action: 'getActiveActivations' });
    const webActivation = active.activeActivations.find((a: { phoneNumber: string }) => a.phoneNumber === bought);
    expect(webActivation).toMatchObject({ serviceCode: 'tg', countryCode: '73' });
    expect(await answer({ api_key: key, action: 'getStatus', id: webActivation.activationId })).toBe('STATUS_WAIT_CODE');
  });
});

describe('handler_api: key security and limits', () => {
  it('a revoked key, a deleted account’s key, an unverified account’s key and a wrong key are BAD_KEY', async () => {
    const { user, key } = await userWithKey();
    expect(await answer({ api_key: key, action: 'getBalance' })).toBe('ACCESS_BALANCE:10.00');
    expect(await answer({ api_key: `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`, action: 'getBalance' })).toBe('BAD_KEY');
    expect(await answer({ api_key: key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase(), action: 'getBalance' })).toBe('BAD_KEY');
    expect((await as(user.idToken).delete('/user')).status).toBe(200);
    expect(await answer({ api_key: key, action: 'getBalance' })).toBe('BAD_KEY');

    // An account whose e-mail is no longer verified (the stored mark removed): its keys stop working.
    const other = await userWithKey();
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    const { userKeys } = await import('@numbernest/core/accounts');
    await db.send(new UpdateCommand({ TableName: tableName(), Key: userKeys.profile(other.user.sub), UpdateExpression: 'REMOVE emailVerifiedAt' }));
    expect(await answer({ api_key: other.key, action: 'getBalance' })).toBe('BAD_KEY');
  });

  it('1,000 random well-formed keys: none is valid', async () => {
    await userWithKey(); // at least one real key exists
    const answers: string[] = [];
    // 20 from each of 50 addresses: within each one's wrong-key allowance, so every key is looked up.
    for (let batch = 0; batch < 50; batch++) {
      const visitor = client();
      answers.push(...(await Promise.all(Array.from({ length: 20 }, () => answer({ api_key: randomKey(), action: 'getBalance' }, { via: visitor })))));
      await visitor.close();
    }
    expect(answers).toHaveLength(1000);
    expect(new Set(answers)).toEqual(new Set(['BAD_KEY']));
  }, 120_000);

  it('a flood over the per-key bucket is answered ERROR_RATE_LIMIT (HTTP 200); polling after a pause is not', async () => {
    const { key } = await userWithKey();
    const getBalance = () => answer({ api_key: key, action: 'getBalance' });
    // Bursts of 80 at once (up to 3, in case a busy machine spreads one over several seconds).
    const burst: string[] = [];
    for (let round = 0; round < 3 && !burst.includes('ERROR_RATE_LIMIT'); round++) {
      burst.push(...(await Promise.all(Array.from({ length: 80 }, getBalance))));
    }
    expect(burst).toContain('ERROR_RATE_LIMIT');
    expect(new Set(burst)).toEqual(new Set(['ACCESS_BALANCE:10.00', 'ERROR_RATE_LIMIT']));

    // After a pause (the bucket as a clock leaves it: full) a poller's 10 are served, and a bucket
    // emptied for a minute refuses the next request.
    await setKeyBucket(key, 'full');
    expect(new Set(await Promise.all(Array.from({ length: 10 }, getBalance)))).toEqual(new Set(['ACCESS_BALANCE:10.00']));
    await setKeyBucket(key, { emptyForMs: 60_000 });
    expect(await getBalance()).toBe('ERROR_RATE_LIMIT');
  }, 30_000);
});

describe('handler_api: wrong keys per client address', () => {
  it('150 wrong keys at once from one address: at most its allowance is BAD_KEY, the rest ERROR_RATE_LIMIT, its right key too; another address is unaffected', async () => {
    const { failedKeyBucket } = await import('@numbernest/core/developer');
    const { key } = await userWithKey();
    const [flooder, other] = [client(), client()];
    const started = Date.now();
    const flood = await Promise.all(Array.from({ length: 150 }, () => answer({ api_key: randomKey(), action: 'getBalance' }, { via: flooder })));
    // Tokens that came back while the flood was served count in the allowance.
    const refilled = Math.ceil(((Date.now() - started) / 1000) * failedKeyBucket.requestsPerSecond);
    expect(new Set(flood)).toEqual(new Set(['BAD_KEY', 'ERROR_RATE_LIMIT']));
    expect(flood.filter((word) => word === 'BAD_KEY').length).toBeLessThanOrEqual(failedKeyBucket.burst + refilled);
    expect(await answer({ api_key: key, action: 'getBalance' }, { via: flooder })).toBe('ERROR_RATE_LIMIT');

    expect(await answer({ api_key: randomKey(), action: 'getBalance' }, { via: other })).toBe('BAD_KEY');
    expect(await answer({ api_key: key, action: 'getBalance' }, { via: other })).toBe('ACCESS_BALANCE:10.00');
    await Promise.all([flooder.close(), other.close()]);
  }, 60_000);

  it('a spent address is answered before its key is read until a token is back, then its right key works (driven by a clock)', async () => {
    const { failedKeyBucket, handleProtocolRequest } = await import('@numbernest/core/developer');
    const { key } = await userWithKey();
    const address = ownLoopbackAddress();
    const ask = async (apiKey: string, at: number) =>
      ((await handleProtocolRequest({ api_key: apiKey, action: 'getBalance' }, address, at)) as { body: string }).body;
    const t0 = Date.now();
    const wrong: string[] = [];
    for (let i = 0; i <= failedKeyBucket.burst; i++) wrong.push(await ask('nn_wrong', t0));
    expect(wrong).toEqual([...Array<string>(failedKeyBucket.burst).fill('BAD_KEY'), 'ERROR_RATE_LIMIT']);

    const interval = 1000 / failedKeyBucket.requestsPerSecond;
    expect(await ask(key, t0 + interval - 1)).toBe('ERROR_RATE_LIMIT');
    expect(await ask(key, t0 + interval)).toBe('ACCESS_BALANCE:10.00');
    // One token came back: one more wrong key is BAD_KEY, the next is not.
    expect(await ask('nn_wrong', t0 + interval)).toBe('BAD_KEY');
    expect(await ask('nn_wrong', t0 + interval)).toBe('ERROR_RATE_LIMIT');
  });
});
