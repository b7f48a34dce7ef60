import { apiUrl, expectError, expectFieldErrors } from './api'; // first: points this process at the local cloud
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { PushNotification } from '@numbernest/contracts/push';
import { describe, expect, it } from 'vitest';
import { as, call, createTestUser, userWithBalance, type TestUser } from './auth-users';
import { rentOwn, smsTo, until } from './rent-own';

/**
 * Web Push: the VAPID key, subscribing a browser (validated, SSRF-checked), unsubscribing, and
 * `sendPush` to the local cloud's push service stand-in. The test is the browser: it makes its own
 * P-256 key pair and auth secret, and decrypts what the stand-in received (RFC 8291, aes128gcm).
 */

interface PushRecord {
  headers: Record<string, string>;
  body_base64: string;
  received_at: string;
}

/** A browser's side of a subscription: its keys, and the endpoint on the stand-in. */
function browserSubscription(id = `sub-${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    id,
    ecdh,
    auth,
    json: {
      endpoint: `${apiUrl}/_local/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (Message Encryption for Web Push) over RFC 8188 (aes128gcm), one record, as a browser decrypts. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserSubscription>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(browser.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

const received = async (id: string): Promise<PushRecord[]> => (await (await fetch(`${apiUrl}/_local/push/${id}.json`)).json()) as PushRecord[];

const subscribe = (user: TestUser, body: unknown) => as(user.idToken).post('/user/push/subscriptions', body);
const unsubscribe = (user: TestUser, body: unknown) => call('DELETE', '/user/push/subscriptions', { token: user.idToken, body });

describe('GET /api/user/push/public-key', () => {
  it('answers the VAPID public key: an uncompressed P-256 point, base64url', async () => {
    const user = await createTestUser();
    const reply = await as(user.idToken).get('/user/push/public-key');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const key = Buffer.from((reply.json as { data: { key: string } }).data.key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('is for signed-in callers only', async () => {
    expect((await call('GET', '/user/push/public-key')).status).toBe(401);
  });
});

describe('POST and DELETE /api/user/push/subscriptions', () => {
  it('saves a subscription once (again: still one), and forgets it on DELETE (twice is fine)', async () => {
    const user = await createTestUser();
    const browser = browserSubscription();
    for (let i = 0; i < 2; i++) {
      const reply = await subscribe(user, browser.json);
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      expect(reply.json).toEqual({ message: 'success', data: { subscriptions: 1 } });
    }
    const other = browserSubscription();
    expect((await subscribe(user, other.json)).json).toEqual({ message: 'success', data: { subscriptions: 2 } });
    for (const expected of [1, 1]) {
      const reply = await unsubscribe(user, { endpoint: browser.json.endpoint });
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      expect(reply.json).toEqual({ message: 'success', data: { subscriptions: expected } });
    }
  });

  it('refuses a body without the keys, or with keys of the wrong length, field by field', async () => {
    const user = await createTestUser();
    const { json } = browserSubscription();
    expectFieldErrors(await subscribe(user, { endpoint: json.endpoint }), ['keys']);
    expectFieldErrors(await subscribe(user, { ...json, keys: { p256dh: 'short', auth: json.keys.auth } }), ['keys.p256dh']);
    expectFieldErrors(await subscribe(user, { ...json, keys: { ...json.keys, auth: 'not base64url!!!!!!!!!' } }), ['keys.auth']);
    expectFieldErrors(await subscribe(user, { keys: json.keys }), ['endpoint']);
    expectFieldErrors(await unsubscribe(user, {}), ['endpoint']);
  });

  it.each([
    ['plain http', 'http://push.example.com/send/abc'],
    ['a private address', 'https://10.0.0.1/send/abc'],
    ['cloud metadata', 'https://169.254.169.254/latest'],
    ['a local address other than the stand-in', `${apiUrl}/api/user`],
    ['not a URL', 'push service'],
  ])('refuses an endpoint that is %s (the SSRF rules)', async (_, endpoint) => {
    const user = await createTestUser();
    const error = expectError(await subscribe(user, { ...browserSubscription().json, endpoint }), 400, 'VALIDATION_FAILED');
    expect(error.fields?.endpoint?.[0]?.code).toBe('INVALID_URL');
    expect(error.errors?.endpoint?.[0]).toMatch(/https|private address|valid URL/);
  });

  it('is for signed-in callers only', async () => {
    expect((await call('POST', '/user/push/subscriptions', { body: browserSubscription().json })).status).toBe(401);
  });
});

describe('sendPush', () => {
  it('sends each browser of the user an encrypted push (aes128gcm, VAPID) that decrypts to the code and the rental', async () => {
    const { sendPush, smsPushNotification, countPushSubscriptions } = await import('@numbernest/core/notifications');
    const user = await createTestUser();
    const [phone, laptop] = [browserSubscription(), browserSubscription()];
    for (const browser of [phone, laptop]) expect((await subscribe(user, browser.json)).status).toBe(200);
    const key = ((await as(user.idToken).get('/user/push/public-key')).json as { data: { key: string } }).data.key;

    const notification = smsPushNotification({
      rentalId: 'r0000000042',
      service: 'Telegram',
      code: '48213',
      text: 'Telegram code: 48213. Do not give it to anyone.',
    });
    expect(await sendPush(user.sub, notification)).toEqual({ sent: 2, removed: 0, failed: 0 });

    for (const browser of [phone, laptop]) {
      const [record, ...more] = await received(browser.id);
      expect(more).toEqual([]);
      expect(record!.headers['content-encoding']).toBe('aes128gcm');
      expect(record!.headers['content-type']).toBe('application/octet-stream');
      expect(Number(record!.headers.ttl)).toBeGreaterThan(0);
      expect(record!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
      const shown = JSON.parse(decrypt(Buffer.from(record!.body_base64, 'base64'), browser)) as PushNotification;
      expect(shown).toEqual({
        title: 'Telegram: 48213',
        body: 'Telegram code: 48213. Do not give it to anyone.',
        url: '/dashboard/my-number/r0000000042',
        tag: 'rental-r0000000042',
      });
    }
    expect(await countPushSubscriptions(user.sub)).toBe(2);
  });

  it('forgets a subscription its push service says is gone (410) or unknown (404), and keeps the others', async () => {
    const { sendPush, smsPushNotification, countPushSubscriptions, listPushSubscriptions } = await import('@numbernest/core/notifications');
    const user = await createTestUser();
    const [live, gone, missing] = [browserSubscription(), browserSubscription(`gone-${randomUUID()}`), browserSubscription(`missing-${randomUUID()}`)];
    for (const browser of [live, gone, missing]) expect((await subscribe(user, browser.json)).status).toBe(200);

    const result = await sendPush(user.sub, smsPushNotification({ rentalId: 'r1', service: null, code: '1234', text: 'Code 1234' }));
    expect(result).toEqual({ sent: 1, removed: 2, failed: 0 });
    expect(await countPushSubscriptions(user.sub)).toBe(1);
    expect((await listPushSubscriptions(user.sub)).map((s) => s.endpoint)).toEqual([live.json.endpoint]);
    expect(await received(gone.id)).toHaveLength(1); // it was tried
  });

  it('sends nothing to a user without subscriptions', async () => {
    const { sendPush, smsPushNotification } = await import('@numbernest/core/notifications');
    const user = await createTestUser();
    expect(await sendPush(user.sub, smsPushNotification({ rentalId: 'r1', service: 'X', code: null, text: 'hello' }))).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });
});

describe('forwarding by push', () => {
  it('is refused without a subscribed browser; then each SMS of a rental reaches every browser once, the code in the title', async () => {
    const user = await userWithBalance(50_00);
    const allOff = { email: false, telegram: false, whatsapp: false, push: false };
    expectError(await as(user.idToken).put('/user/forwarding', { ...allOff, push: true }), 409, 'FORWARDING_NOT_LINKED');
    const browser = browserSubscription();
    expect((await subscribe(user, browser.json)).status).toBe(200);
    const on = await as(user.idToken).put('/user/forwarding', { ...allOff, push: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(on.json).toMatchObject({ data: { push: true, push_subscriptions: 1 } });

    const rental = await rentOwn(user);
    await smsTo(rental.number, 'G-591730 is your Google verification code');
    await until('the push', async () => (await received(browser.id)).length > 0);
    const [record, ...more] = await received(browser.id);
    expect(more).toEqual([]);
    const shown = JSON.parse(decrypt(Buffer.from(record!.body_base64, 'base64'), browser)) as PushNotification;
    expect(shown).toMatchObject({ title: 'Google: 591730', url: `/dashboard/my-number/${rental.id}` });
  });
});
