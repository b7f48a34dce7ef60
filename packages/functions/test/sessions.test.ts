import './api'; // first: points this process at the local cloud
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { statusReplySchema } from '@numbernest/contracts';
import { routes } from '@numbernest/functions/routes';
import { describe, expect, it } from 'vitest';
import { expectError, type ApiReply } from './api';
import { as, cognito, createTestUser, refresh, resigned, signIn, storedUser, userWithBalance } from './auth-users';

/** Token revocation: `tokensValidAfter` on the profile, checked by getUser on every user route. */
const ended = { message: 'Your session has ended; sign in again', code: 'SESSION_ENDED' };
const expectEnded = (reply: ApiReply) => expect(expectError(reply, 401)).toEqual(ended);
const nowSeconds = () => Math.floor(Date.now() / 1000);

const settings = { notification: true, ringtone: 'bell', reminders: true, configure: { new_message: true, balance: true, rental_expiry: true } };

/** One request per kind of user route, each valid in itself, so only the session check can refuse it. */
const userRequests: [string, (token: string) => Promise<ApiReply>][] = [
  ['GET /api/user', (t) => as(t).get('/user')],
  ['GET /api/user/balance', (t) => as(t).get('/user/balance')],
  ['GET /api/user/notifications', (t) => as(t).get('/user/notifications')],
  ['POST /api/user/notification/read/all', (t) => as(t).post('/user/notification/read/all')],
  ['PUT /api/user/settings', (t) => as(t).put('/user/settings', settings)],
  ['GET /api/user/transactions', (t) => as(t).get('/user/transactions')],
  ['GET /api/user/rentals', (t) => as(t).get('/user/rentals')],
  ['GET /api/user/messages', (t) => as(t).get('/user/messages')],
  ['GET /api/user/api-keys', (t) => as(t).get('/user/api-keys')],
  ['GET /api/user/webhook', (t) => as(t).get('/user/webhook')],
  ['POST /api/logout', (t) => as(t).post('/logout')],
  ['DELETE /api/user', (t) => as(t).delete('/user')],
];

describe('POST /api/logout ends the sessions at once', () => {
  it('refuses the id and access tokens used before it with 401 on every user route', async () => {
    const user = await userWithBalance(100);
    for (const [, request] of userRequests.slice(0, 10)) expect((await request(user.idToken)).status).toBe(200);

    expect(statusReplySchema.parse((await as(user.idToken).post('/logout')).json).message).toBe('Logout Successfully');
    for (const token of [user.idToken, user.accessToken]) {
      for (const [name, request] of userRequests) expect(expectError(await request(token), 401), name).toEqual(ended);
    }
    // Nothing was changed by the refused requests: the account is still there.
    expect(await storedUser(user.sub)).toMatchObject({ balanceCents: 100 });
    expect((await storedUser(user.sub))!.deletedAt).toBeUndefined();
  });

  it('lets a new sign-in right after it through, and its refreshed tokens too', async () => {
    const user = await createTestUser();
    expect((await as(user.idToken).post('/logout')).status).toBe(200);
    const again = await signIn(user);
    expect((await as(again.idToken).get('/user')).status).toBe(200);
    expect((await as(again.accessToken).get('/user/balance')).status).toBe(200);
    const refreshed = (await refresh(again.refreshToken)).AuthenticationResult!;
    expect((await as(refreshed.IdToken!).get('/user')).status).toBe(200);
  });

  it("revokes the other sessions' tokens too (logout everywhere), and their refresh tokens", async () => {
    const user = await createTestUser();
    const phone = await signIn(user);
    expect((await as(phone.idToken).get('/user')).status).toBe(200);
    expect((await as(user.idToken).post('/logout')).status).toBe(200);
    expectEnded(await as(phone.idToken).get('/user'));
    expectEnded(await as(phone.accessToken).get('/user/balance'));
    await expect(refresh(phone.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('draws the line on the whole second: a token of the second the logout began is refused, one of the second after it returned is taken', async () => {
    const user = await createTestUser();
    expect((await as(user.idToken).get('/user')).status).toBe(200);
    const began = nowSeconds();
    expect((await as(user.idToken).post('/logout')).status).toBe(200);
    const returned = nowSeconds();
    expect(returned).toBeGreaterThan(began); // the logout answers only once the next second has begun
    // What the pool would have issued in those seconds (cognito-local's own key; iat = auth_time at a sign-in).
    expectEnded(await as(resigned(user.idToken, { iat: began, auth_time: began })).get('/user'));
    expect((await as(resigned(user.idToken, { iat: returned, auth_time: returned })).get('/user')).status).toBe(200);
    // A refreshed id token keeps its sign-in's auth_time: a session that began before is refused whatever its iat.
    expectEnded(await as(resigned(user.idToken, { iat: returned, auth_time: began })).get('/user'));
    expect((await storedUser(user.sub))!.tokensValidAfter).toBe(began + 1);
  });
});

describe('DELETE /api/user ends the sessions', () => {
  it('answers the tokens in hand 401 afterwards (not the tombstone)', async () => {
    const user = await userWithBalance(0);
    const other = await signIn(user);
    expect((await as(user.idToken).delete('/user')).status).toBe(200);
    for (const token of [user.idToken, user.accessToken, other.idToken]) expectEnded(await as(token).get('/user'));
    expect(await storedUser(user.sub)).toMatchObject({ deletedAt: expect.any(String) });
  });

  it('can be retried with the same token after a failure half-way (tombstone made, sign-in still there)', async () => {
    const user = await userWithBalance(0);
    const { deleteUser } = await import('@numbernest/core/accounts');
    await deleteUser({ sub: user.sub, username: user.email, authenticatedAt: nowSeconds() });
    expect((await as(user.idToken).delete('/user')).status).toBe(200);
    expectEnded(await as(user.idToken).delete('/user'));
    await expect(signIn(user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('a password reset (PostConfirmation_ConfirmForgotPassword) ends the sessions', () => {
  it('refuses the tokens issued before it; a sign-in after it works', async () => {
    const user = await createTestUser();
    expect((await as(user.idToken).get('/user')).status).toBe(200);
    const { handler } = await import('../src/auth/post-confirmation');
    const event: PostConfirmationTriggerEvent = {
      version: '1',
      region: 'us-east-1',
      userPoolId: cognito.userPoolId,
      userName: user.email,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: cognito.clientId },
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      request: { userAttributes: { sub: user.sub, email: user.email, email_verified: 'true', 'cognito:user_status': 'CONFIRMED' } },
      response: {},
    };
    expect(await handler(structuredClone(event))).toEqual(event);
    expectEnded(await as(user.idToken).get('/user'));
    expectEnded(await as(user.accessToken).get('/user'));
    expect((await as((await signIn(user)).idToken).get('/user')).status).toBe(200);
  });
});

describe('every user route reads the profile through the session check', () => {
  it('each auth route handler loads the caller with getUser/getVerifiedUser (or deleteUser), where the check lives; an ops handler through opsHandler, a partner one through partnerHandler (requirePartner: getUser)', () => {
    const authRoutes = routes.filter((r) => r.auth);
    expect(authRoutes.length).toBeGreaterThan(20);
    for (const route of authRoutes) {
      const file = fileURLToPath(new URL(`../src/${route.handler.split('.')[0]}.ts`, import.meta.url));
      expect(readFileSync(file, 'utf8'), `${route.method} ${route.path}`).toMatch(/\b(getUser|getVerifiedUser|deleteUser|opsHandler|partnerHandler)\(/);
    }
  });
});
