import { apiUrl, expectError } from './api'; // first: points this process at the local cloud
import { AdminGetUserCommand, UpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { apiKeysReplySchema, statusReplySchema } from '@numbernest/contracts';
import { withCognito } from '@numbernest/local/testing';
import { describe, expect, it } from 'vitest';
import { createKey } from './api-keys';
import { as, cognito, createTestUser, nextMail, refresh, resetPassword, signIn, userWithBalance, type TestUser } from './auth-users';

/**
 * Revocation beyond the user routes: a password reset ("forgot password", observed by the
 * PostConfirmation trigger that cognito-local runs as Cognito does) revokes the API keys and the
 * SMS webhook and its e-mail says so; a password change may ask for the same through
 * POST /api/logout; an e-mail change waits for the new address to be verified.
 */
const ended = { message: 'Your session has ended; sign in again', code: 'SESSION_ENDED' };

/** getBalance through the SMS-Activate-compatible API: `ACCESS_BALANCE:…` while the key works. */
async function balanceWith(key: string): Promise<string> {
  const response = await fetch(`${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getBalance' })}`);
  return response.text();
}

type Webhook = { url: string | null; secret: string | null };
const webhookOf = async (token: string): Promise<Webhook> => ((await as(token).get('/user/webhook')).json as { data: Webhook }).data;
const liveKeys = async (token: string) => apiKeysReplySchema.parse((await as(token).get('/user/api-keys')).json).data;

/** A verified user with two API keys and a webhook URL. */
async function userWithApiAccess(): Promise<{ user: TestUser; keys: string[]; webhook: Webhook }> {
  const user = await userWithBalance(0);
  const keys = [await createKey(user, 'first'), await createKey(user, 'second')];
  expect((await as(user.idToken).put('/user/webhook', { url: 'http://127.0.0.1:9/hook' })).status).toBe(200);
  for (const key of keys) expect(await balanceWith(key)).toBe('ACCESS_BALANCE:0.00');
  return { user, keys, webhook: await webhookOf(user.idToken) };
}

describe('a password reset through "forgot password"', () => {
  it('revokes every API key and clears the webhook URL (with a new secret), besides ending the sessions and their refresh tokens', async () => {
    const { user, keys, webhook } = await userWithApiAccess();
    expect(webhook.url).toBe('http://127.0.0.1:9/hook');

    await resetPassword(user, 'Reset-passw0rd!');

    for (const key of keys) expect(await balanceWith(key)).toBe('BAD_KEY');
    expect(expectError(await as(user.idToken).get('/user'), 401)).toEqual(ended);
    // A reset leaves refresh tokens alone in Cognito: the trigger signs the user out everywhere.
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const fresh = await signIn({ email: user.email, password: 'Reset-passw0rd!' });
    expect(await liveKeys(fresh.idToken)).toEqual([]);
    const after = await webhookOf(fresh.idToken);
    expect(after.url).toBeNull();
    expect(after.secret).toMatch(/^whsec_/);
    expect(after.secret).not.toBe(webhook.secret);
    // New keys work again at once (the live-key count went back to 0 with the revocations).
    for (let i = 0; i < 5; i++) expect(await balanceWith(await createKey({ ...user, ...fresh }, `new ${i}`))).toBe('ACCESS_BALANCE:0.00');
  });

  it('e-mails the code with what the reset will revoke, in the language asked for', async () => {
    const user = await createTestUser();
    const english = await resetPassword(user, 'Reset-passw0rd!', 'en');
    expect(english.subject).toBe('Reset your NumberNest password');
    expect(english.message).toContain(`Your NumberNest password reset code is ${english.code}`);
    expect(english.message).toMatch(/signed out on every device, all your API keys are revoked and your SMS webhook URL is removed/);

    const russian = await resetPassword(user, 'Reset-passw0rd2!', 'ru');
    expect(russian.subject).toBe('Сброс пароля NumberNest');
    expect(russian.message).toContain(`Код для сброса пароля NumberNest: ${russian.code}`);
    expect(russian.message).toMatch(/API-ключи отозваны, а URL SMS-вебхука удалён/);
  });

  it('leaves the sign-up e-mails as the pool words them (a resent sign-up code is no reset mail)', async () => {
    const email = `resend-${Date.now()}@example.com`;
    const since = new Date().toISOString();
    const { signUp } = await import('@numbernest/local/testing');
    await signUp(email, 'Passw0rd!');
    const signUpMail = await nextMail(email, 'sign-up', since);
    expect(signUpMail.message).toBeUndefined();

    const resentSince = new Date().toISOString();
    const reply = await fetch(`${cognito.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ResendConfirmationCode' },
      body: JSON.stringify({ ClientId: cognito.clientId, Username: email }),
    });
    expect(reply.status, await reply.text()).toBe(200);
    const resent = await nextMail(email, 'sign-up', resentSince);
    expect(resent.subject).toBe('Confirm your NumberNest account');
    expect(resent.message).toBeUndefined();
  });
});

describe('POST /api/logout { revoke_api_access } (offered with a password change)', () => {
  it('revokes the API keys and clears the webhook too when asked', async () => {
    const { user, keys, webhook } = await userWithApiAccess();
    const reply = await as(user.idToken).post('/logout', { revoke_api_access: true });
    expect(statusReplySchema.parse(reply.json).message).toBe('Logout Successfully');
    for (const key of keys) expect(await balanceWith(key)).toBe('BAD_KEY');
    const fresh = await signIn(user);
    expect(await liveKeys(fresh.idToken)).toEqual([]);
    expect((await webhookOf(fresh.idToken)).url).toBeNull();
    expect((await webhookOf(fresh.idToken)).secret).not.toBe(webhook.secret);
  });

  it('leaves them alone otherwise (a plain logout, or false)', async () => {
    const { user, keys, webhook } = await userWithApiAccess();
    expect((await as(user.idToken).post('/logout')).status).toBe(200);
    const again = await signIn(user);
    expect((await as(again.idToken).post('/logout', { revoke_api_access: false })).status).toBe(200);
    for (const key of keys) expect(await balanceWith(key)).toBe('ACCESS_BALANCE:0.00');
    const fresh = await signIn(user);
    expect(await liveKeys(fresh.idToken)).toHaveLength(2);
    expect(await webhookOf(fresh.idToken)).toEqual(webhook);
  });

  it('answers a malformed body 400 and changes nothing', async () => {
    const { user, keys } = await userWithApiAccess();
    expect(expectError(await as(user.idToken).post('/logout', { revoke_api_access: 'yes' }), 400)).toMatchObject({
      errors: { revoke_api_access: expect.any(Array) },
    });
    expect((await as(user.idToken).post('/logout', { revoke: true })).status).toBe(400);
    expect((await as(user.idToken).get('/user')).status).toBe(200); // still signed in
    expect(await balanceWith(keys[0]!)).toBe('ACCESS_BALANCE:0.00');
  });
});

describe('an e-mail change (Cognito UpdateUserAttributes with the access token)', () => {
  it('keeps the old address until the new one is verified with the code sent to it', async () => {
    const user = await createTestUser();
    const newEmail = `moved-${Date.now()}@example.com`;
    const emailOf = async () => {
      const { UserAttributes = [] } = await withCognito((client) =>
        client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: user.sub })),
      );
      return UserAttributes.find((a) => a.Name === 'email')?.Value;
    };
    const since = new Date().toISOString();
    await withCognito((client) =>
      client.send(new UpdateUserAttributesCommand({ AccessToken: user.accessToken, UserAttributes: [{ Name: 'email', Value: newEmail }] })),
    );
    expect(await emailOf()).toBe(user.email); // not yet: a stolen session cannot move the account by itself

    const code = (await nextMail(newEmail, 'attribute-verification', since)).code;
    await withCognito((client) => client.send(new VerifyUserAttributeCommand({ AccessToken: user.accessToken, AttributeName: 'email', Code: code })));
    expect(await emailOf()).toBe(newEmail);
  });
});
