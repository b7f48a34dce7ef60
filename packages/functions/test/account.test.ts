import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  balanceReplySchema,
  defaultUserSettings,
  notificationsReplySchema,
  settingsReplySchema,
  userReplySchema,
  type UserSettings,
} from '@numbernest/contracts';
import { routes } from '@numbernest/functions/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors } from './api';
import { as, createTestUser, createUnverifiedUser, setBalanceCents, signIn, storedUser, verifyEmail, type TestUser } from './auth-users';

const profileOf = async (token: string) => {
  const reply = await as(token).get('/user');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return userReplySchema.parse(reply.json).data;
};

describe('GET /api/user', () => {
  it("answers the caller's account: id = Cognito sub, e-mail, verification time, balance 0, default settings", async () => {
    const user = await createTestUser();
    const reply = await as(user.idToken).get('/user');
    expect(reply.status).toBe(200);
    expect(Object.keys((reply.json as { data: object }).data).sort()).toEqual([
      'account_hold',
      'balance',
      'created_at',
      'email',
      'email_verified_at',
      'id',
      'operator',
      'settings',
    ]);
    const data = userReplySchema.parse(reply.json).data;
    expect(data).toMatchObject({ id: user.sub, email: user.email, balance: 0, settings: defaultUserSettings, operator: false, account_hold: null });
    expect(Date.parse(data.email_verified_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives the same account for the id token and the access token (which carries no e-mail)', async () => {
    const user = await createTestUser();
    const byAccess = await profileOf(user.accessToken); // the first call: e-mail comes from Cognito
    expect(byAccess).toMatchObject({ id: user.sub, email: user.email });
    expect(await profileOf(user.idToken)).toEqual(byAccess);
  });

  it('creates the account exactly once under 10 concurrent first calls', async () => {
    const user = await createTestUser();
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => as(i % 2 ? user.accessToken : user.idToken).get('/user')));
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const accounts = replies.map((reply) => userReplySchema.parse(reply.json).data);
    for (const account of accounts) expect(account).toEqual(accounts[0]);

    const { queryPartition } = await import('@numbernest/core/db');
    const { userPartition } = await import('@numbernest/core/accounts');
    expect(await queryPartition(userPartition(user.sub), 'PROFILE')).toHaveLength(1);
  });

  it('createUserOnce: of 10 concurrent creations exactly one creates, all return that item', async () => {
    const { createUserOnce } = await import('@numbernest/core/accounts');
    const sub = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createUserOnce({ sub, email: `race-${i}@example.com`, emailVerifiedAt: null })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const winner = results.find((r) => r.created)!.user;
    for (const { user } of results) expect(user).toEqual(winner);
    expect(await storedUser(sub)).toEqual(winner);
  });

  it('shows the balance in dollars', async () => {
    const user = await createTestUser();
    await profileOf(user.idToken);
    await setBalanceCents(user.sub, 1234);
    expect((await profileOf(user.idToken)).balance).toBe(12.34);
  });
});

describe('GET /api/user/balance', () => {
  it("answers { message: 'success', balance } in dollars", async () => {
    const user = await createTestUser();
    const first = await as(user.idToken).get('/user/balance');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ message: 'success', balance: 0, account_hold: null });
    await setBalanceCents(user.sub, 1050);
    expect(balanceReplySchema.parse((await as(user.accessToken).get('/user/balance')).json).balance).toBe(10.5);
  });
});

describe('an unverified e-mail', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUnverifiedUser();
  });

  it('still gets its account, with email_verified_at null', async () => {
    expect(await profileOf(user.idToken)).toMatchObject({ id: user.sub, email: user.email, email_verified_at: null });
  });

  it.each([
    ['GET', '/user/balance'],
    ['GET', '/user/notifications'],
    ['POST', '/user/notification/read'],
    ['POST', '/user/notification/read/all'],
  ])('gets 403 on %s %s, with either token', async (method, path) => {
    for (const token of [user.idToken, user.accessToken]) {
      const api = as(token);
      const reply = method === 'GET' ? await api.get(path) : await api.post(path, path.endsWith('/read') ? { id: 'abc' } : undefined);
      expect(expectError(reply, 403)).toEqual({ message: 'Verify your e-mail first', code: 'EMAIL_NOT_VERIFIED' });
    }
  });

  it('is let through once the e-mail is verified (an access token via Cognito, or a fresh id token)', async () => {
    await verifyEmail(user.email);
    // The old access token says nothing about the e-mail: Cognito is asked, and the answer kept.
    expect((await as(user.accessToken).get('/user/balance')).status).toBe(200);
    expect((await profileOf(user.idToken)).email_verified_at).not.toBeNull();

    const other = await createUnverifiedUser();
    await verifyEmail(other.email);
    const fresh = await signIn(other);
    expect((await as(fresh.idToken).get('/user/notifications')).status).toBe(200);
  });
});

describe('PUT /api/user/settings', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
  });
  const changed: UserSettings = {
    notification: false,
    ringtone: 'chime',
    reminders: false,
    configure: { new_message: true, balance: false, rental_expiry: true },
  };

  it('replaces the settings and answers them; GET /api/user shows them', async () => {
    const reply = await as(user.idToken).put('/user/settings', changed);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(settingsReplySchema.parse(reply.json)).toEqual({ status: 'success', message: 'Settings saved', data: changed });
    expect((await profileOf(user.accessToken)).settings).toEqual(changed);
  });

  it('400s an empty body with every field', async () => {
    const error = expectFieldErrors(await as(user.idToken).putRaw('/user/settings', ''), ['notification', 'ringtone', 'reminders', 'configure']);
    expect(error.errors?.notification).toEqual(['Required.']);
  });

  it('400s malformed JSON', async () => {
    expect(expectError(await as(user.idToken).putRaw('/user/settings', '{"notification": tru'), 400)).toEqual({
      message: 'Malformed JSON body',
      code: 'MALFORMED_JSON',
    });
  });

  it.each([
    ['an unknown ringtone', { ringtone: 'siren' }, 'ringtone', 'Must be one of default, chime, bell, pulse, none.'],
    ['a flag as a string', { notification: 'false' }, 'notification', 'Must be of type boolean.'],
    ['a flag as a number', { reminders: 0 }, 'reminders', 'Must be of type boolean.'],
    ['a missing configure key', { configure: { new_message: true, balance: true } }, 'configure.rental_expiry', 'Required.'],
    ['configure not an object', { configure: true }, 'configure', 'Must be an object.'],
    ['an extra field', { theme: 'dark' }, 'theme', 'Unknown field.'],
    ['an extra configure key', { configure: { ...changed.configure, sms: true } }, 'configure.sms', 'Unknown field.'],
    ['an attempt to set the balance', { balance: 1000 }, 'balance', 'Unknown field.'],
  ])('400s %s', async (_case, change, field, message) => {
    const error = expectFieldErrors(await as(user.idToken).put('/user/settings', { ...changed, ...change }), [field]);
    expect(error.errors?.[field]).toEqual([message]);
  });

  it('leaves the settings as they were after a rejected change', async () => {
    await as(user.idToken).put('/user/settings', { ...changed, ringtone: 'siren' });
    expect((await profileOf(user.idToken)).settings).toEqual(changed);
  });
});

describe("one user never sees or changes another's account", () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
    await Promise.all([profileOf(alice.idToken), profileOf(bob.idToken)]);
    await setBalanceCents(alice.sub, 5000);
    const { notify } = await import('@numbernest/core/notifications');
    await notify(alice.sub, { title: 'For Alice', message: 'Only Alice may read this' });
  });

  it('no user route takes a user id: the caller is always the token', () => {
    const userRoutes = routes.filter((r) => r.path === '/api/user' || r.path.startsWith('/api/user/') || r.path === '/api/logout');
    expect(userRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of userRoutes) {
      expect(route.auth, route.path).toBe(true);
      // Path parameters name the caller's own things (a top-up), never a user.
      expect(route.path, route.path).not.toMatch(/\{(user|sub|userId|user_id)\}/i);
    }
  });

  it("every user route answers Bob with Bob's data only", async () => {
    const bobApi = as(bob.idToken);
    expect((await profileOf(bob.idToken)).id).toBe(bob.sub);
    expect((await bobApi.get('/user/balance')).json).toEqual({ message: 'success', balance: 0, account_hold: null });
    const page = notificationsReplySchema.parse((await bobApi.get('/user/notifications')).json).data;
    expect(page).toMatchObject({ data: [], unread_count: 0 });
    // A user id smuggled into the query is not a parameter of these routes.
    expectFieldErrors(await bobApi.get(`/user/notifications?user_id=${alice.sub}`), ['user_id']);
    expect((await profileOf(bob.idToken)).email).toBe(bob.email);
  });

  it("Bob cannot read Alice's notification, and changing his settings leaves hers alone", async () => {
    const aliceNotes = notificationsReplySchema.parse((await as(alice.idToken).get('/user/notifications')).json).data;
    const id = aliceNotes.data[0]!.id;
    expectError(await as(bob.idToken).post('/user/notification/read', { id }), 404);
    await as(bob.idToken).post('/user/notification/read/all');
    const after = notificationsReplySchema.parse((await as(alice.idToken).get('/user/notifications')).json).data;
    expect(after.unread_count).toBe(1);
    expect(after.data[0]!.read_at).toBeNull();

    await as(bob.idToken).put('/user/settings', { ...defaultUserSettings, ringtone: 'bell' });
    const aliceNow = await profileOf(alice.idToken);
    expect(aliceNow).toMatchObject({ id: alice.sub, balance: 50, settings: defaultUserSettings });
  });
});
