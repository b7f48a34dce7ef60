import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, SignUpCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { statusReplySchema, userReplySchema } from '@numbernest/contracts';
import { cognitoClient } from '@numbernest/local/testing';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectGatewayError } from './api';
import {
  as,
  call,
  cognito,
  createTestUser,
  createUnverifiedUser,
  expired,
  refresh,
  resigned,
  setBalanceCents,
  signIn,
  storedUser,
  tampered,
  tokensOfAnotherClient,
  type TestUser,
} from './auth-users';

const unauthorized = { message: 'Unauthorized' };

describe('the token check on GET /api/user (done by the gateway, as API Gateway does)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
  });

  it('lets a valid id or access token through', async () => {
    expect((await as(user.idToken).get('/user')).status).toBe(200);
    expect((await as(user.accessToken).get('/user')).status).toBe(200);
    expect((await as(resigned(user.idToken, {})).get('/user')).status).toBe(200); // the re-signing below is sound
  });

  it.each([
    ['no Authorization header', () => call('GET', '/user')],
    ['a garbage token', () => as('garbage').get('/user')],
    ['a token of three garbage parts', () => as('a.b.c').get('/user')],
    ['a non-Bearer scheme', () => call('GET', '/user', { authorization: `Basic ${user.idToken}` })],
    ['a tampered id token (sub changed, signature kept)', () => as(tampered(user.idToken, { sub: 'someone-else' })).get('/user')],
    ['a tampered access token', () => as(tampered(user.accessToken, { exp: 4102444800 })).get('/user')],
    ['an expired id token', () => as(expired(user.idToken)).get('/user')],
    ['an expired access token', () => as(expired(user.accessToken)).get('/user')],
    ['a token of another issuer', () => as(resigned(user.idToken, { iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other' })).get('/user')],
    ['an id token of another app client (wrong audience)', async () => as((await tokensOfAnotherClient(user)).idToken).get('/user')],
    ['an access token of another app client', async () => as((await tokensOfAnotherClient(user)).accessToken).get('/user')],
    ['a refresh token', () => as(user.refreshToken).get('/user')],
  ])('401s %s with JSON', async (_case, request) => {
    const reply = await request();
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual(unauthorized);
  });
});

describe('POST /api/logout', () => {
  it('401s without a token', async () => {
    expectGatewayError(await call('POST', '/logout'), 401);
  });

  it("signs the caller out everywhere: 'Logout Successfully', then the refresh token is refused", async () => {
    const user = await createTestUser();
    const other = await signIn(user); // a second device
    const reply = await as(user.accessToken).post('/logout');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(statusReplySchema.parse(reply.json)).toEqual({ status: 'success', message: 'Logout Successfully' });

    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(refresh(other.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // Signing in again works, and so do its new tokens.
    const again = await signIn(user);
    expect((await refresh(again.refreshToken)).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('works with the id token as well; the same token again is refused, its session having ended', async () => {
    const user = await createTestUser();
    expect((await as(user.idToken).post('/logout')).status).toBe(200);
    expect(expectError(await as(user.idToken).post('/logout'), 401)).toEqual({ message: 'Your session has ended; sign in again', code: 'SESSION_ENDED' });
  });
});

describe('DELETE /api/user', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
    expect((await as(user.idToken).get('/user')).status).toBe(200);
    await setBalanceCents(user.sub, 2575);
    const { notify } = await import('@numbernest/core/notifications');
    await notify(user.sub, { title: 'Welcome', message: 'Before deletion' });
  });

  it('deletes the sign-in and keeps a tombstone with the balance', async () => {
    const reply = await as(user.accessToken).delete('/user');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(statusReplySchema.parse(reply.json)).toEqual({ status: 'success', message: 'Your account has been deleted' });

    const client = cognitoClient();
    await expect(client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: user.email }))).rejects.toBeInstanceOf(UserNotFoundException);
    client.destroy();
    await expect(signIn(user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const tombstone = await storedUser(user.sub);
    expect(tombstone).toMatchObject({ sub: user.sub, email: user.email, balanceCents: 2575 });
    expect(Date.parse(tombstone!.deletedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('then: the unexpired tokens still pass the gateway (JWTs are stateless), but every account route answers 401', async () => {
    const ended = { message: 'Your session has ended; sign in again', code: 'SESSION_ENDED' };
    for (const token of [user.idToken, user.accessToken]) {
      expect(expectError(await as(token).get('/user'), 401)).toEqual(ended);
      expect(expectError(await as(token).get('/user/balance'), 401)).toEqual(ended);
      expect(expectError(await as(token).get('/user/notifications'), 401)).toEqual(ended);
      expect(expectError(await as(token).post('/user/notification/read/all'), 401)).toEqual(ended);
      expect(
        expectError(
          await as(token).put('/user/settings', {
            notification: true,
            ringtone: 'bell',
            reminders: true,
            configure: { new_message: true, balance: true, rental_expiry: true },
          }),
          401,
        ),
      ).toEqual(ended);
    }
  });

  it('a token of the deleted account that passed the session check still finds only the tombstone (404), and never re-creates the account', async () => {
    const before = await storedUser(user.sub);
    const now = Math.floor(Date.now() / 1000) + 1;
    const account = { message: 'This account has been deleted', code: 'ACCOUNT_DELETED' };
    expect(expectError(await as(resigned(user.idToken, { iat: now, auth_time: now })).get('/user'), 404)).toEqual(account);
    expect(await storedUser(user.sub)).toEqual(before);
  });

  it('401s without a token', async () => {
    expectGatewayError(await call('DELETE', '/user'), 401);
  });
});

describe('the PostConfirmation trigger (auth/post-confirmation.handler)', () => {
  /** What Cognito sends after a confirmed sign-up (cognito-local sends the same shape). */
  function confirmationEvent(
    sub: string,
    email: string,
    triggerSource: PostConfirmationTriggerEvent['triggerSource'] = 'PostConfirmation_ConfirmSignUp',
  ): PostConfirmationTriggerEvent {
    return {
      version: '1',
      region: 'us-east-1',
      userPoolId: cognito.userPoolId,
      userName: sub,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: cognito.clientId },
      triggerSource,
      request: { userAttributes: { sub, email, email_verified: 'true', 'cognito:user_status': 'CONFIRMED', 'cognito:email_alias': email } },
      response: {},
    };
  }

  async function signUp() {
    const email = `trigger-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const client = cognitoClient();
    const { UserSub } = await client.send(
      new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: 'Passw0rd!', UserAttributes: [{ Name: 'email', Value: email }] }),
    );
    client.destroy();
    return { sub: UserSub!, email };
  }

  it('creates the account once (twice called, still one) and hands the event back', async () => {
    const { handler } = await import('../src/auth/post-confirmation');
    const { sub, email } = await signUp();
    const event = confirmationEvent(sub, email);
    expect(await handler(structuredClone(event))).toEqual(event);
    const created = await storedUser(sub);
    expect(created).toMatchObject({ sub, email, balanceCents: 0, unreadCount: 0 });
    expect(created!.emailVerifiedAt).toBeTruthy();

    await Promise.all([handler(structuredClone(event)), handler(structuredClone(event))]);
    expect(await storedUser(sub)).toEqual(created);
  });

  it('on a confirmed password reset, ends the sessions of the account (made first if it was not there)', async () => {
    const { handler } = await import('../src/auth/post-confirmation');
    const { sub, email } = await signUp();
    const event = confirmationEvent(sub, email, 'PostConfirmation_ConfirmForgotPassword');
    expect(await handler(structuredClone(event))).toEqual(event);
    expect((await storedUser(sub))!.tokensValidAfter).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('a first Google sign-in (userName google_…, identities, email_verified not mapped) gets a verified account', async () => {
    const { handler } = await import('../src/auth/post-confirmation');
    const sub = randomUUID();
    const email = `google-${sub}@gmail.com`;
    const identities = JSON.stringify([
      { userId: '109876543210987654321', providerName: 'Google', providerType: 'Google', issuer: null, primary: true, dateCreated: Date.now() },
    ]);
    const event = confirmationEvent(sub, email);
    event.userName = 'google_109876543210987654321';
    event.request.userAttributes = { sub, email, email_verified: 'false', identities, 'cognito:user_status': 'EXTERNAL_PROVIDER' };
    expect(await handler(structuredClone(event))).toEqual(event);
    expect(Date.parse((await storedUser(sub))!.emailVerifiedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a Google user's id token counts as verified by its identities claim, even where email_verified says false", async () => {
    const user = await createUnverifiedUser();
    const identities = [{ userId: '1098', providerName: 'Google', providerType: 'Google', issuer: null, primary: 'true', dateCreated: '1700000000000' }];
    expect((await as(resigned(user.idToken, { identities })).get('/user/balance')).status).toBe(200);
    expect((await storedUser(user.sub))!.emailVerifiedAt).toBeTruthy();
  });

  it('a sign-up whose e-mail is not verified (and no outside provider) gets an unverified account', async () => {
    const { handler } = await import('../src/auth/post-confirmation');
    const { sub, email } = await signUp();
    const event = confirmationEvent(sub, email);
    event.request.userAttributes.email_verified = 'false';
    await handler(event);
    expect((await storedUser(sub))!.emailVerifiedAt).toBeUndefined();
  });

  it('the account it made is the one GET /api/user answers', async () => {
    const { handler } = await import('../src/auth/post-confirmation');
    const user = await createTestUser();
    await handler(confirmationEvent(user.sub, user.email));
    const data = userReplySchema.parse((await as(user.idToken).get('/user')).json).data;
    expect(data).toMatchObject({ id: user.sub, email: user.email, balance: 0 });
  });
});
