import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { userReplySchema } from '@numbernest/contracts';
import { claimsOf, mailsTo, signUp as signUpWithCognito, withCognito } from '@numbernest/local/testing';
import { describe, expect, it } from 'vitest';
import { expectError } from './api';
import { as, cognito, signIn, storedUser } from './auth-users';

/**
 * A person's sign-up, end to end over cognito-local behind the local proxy: the code comes from
 * the local mailbox, the PostConfirmation trigger (auth/post-confirmation.handler) runs inside the
 * confirmation, and the e-mail is verified the way Cognito does it.
 */

async function signUp() {
  const email = `confirm-${randomUUID()}@example.com`;
  const password = 'Passw0rd!';
  return { email, password, sub: await signUpWithCognito(email, password) };
}

/** The code in the newest mail of this kind to `email` (waits for it: the mailbox reads cognito-local's output). */
async function mailedCode(email: string, kind: 'sign-up' | 'password-reset'): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(async () => {
      codes = (await mailsTo(email)).filter((mail) => mail.kind === kind).map((mail) => mail.code);
      return codes.length;
    })
    .toBe(1);
  return codes[0]!;
}

/** What Cognito holds for the user: status and attributes. */
async function cognitoUser(email: string) {
  const user = await withCognito((client) => client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email })));
  return { status: user.UserStatus, attributes: Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name, a.Value])) };
}

async function profileItems(sub: string) {
  const { queryPartition } = await import('@numbernest/core/db');
  const { userPartition } = await import('@numbernest/core/accounts');
  return queryPartition(userPartition(sub), 'PROFILE');
}

describe('confirming a sign-up with the e-mailed code', () => {
  it('records the account once, e-mail verified, before any API call; then /api/user and /api/user/balance agree', async () => {
    const user = await signUp();
    expect(await storedUser(user.sub)).toBeUndefined();
    const code = await mailedCode(user.email, 'sign-up');
    await withCognito((client) => client.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: user.email, ConfirmationCode: code })));

    // The PostConfirmation trigger has run inside the confirmation: no API call was made yet.
    const recorded = await storedUser(user.sub);
    expect(recorded).toMatchObject({ sub: user.sub, email: user.email, balanceCents: 0, unreadCount: 0 });
    expect(Date.parse(recorded!.emailVerifiedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await cognitoUser(user.email)).toMatchObject({ status: 'CONFIRMED', attributes: { email_verified: 'true' } });

    const tokens = await signIn(user);
    expect(claimsOf(tokens.idToken).email_verified).toBe(true);
    const profile = await as(tokens.idToken).get('/user');
    expect(profile.status).toBe(200);
    expect(userReplySchema.parse(profile.json).data).toMatchObject({
      id: user.sub,
      email: user.email,
      email_verified_at: recorded!.emailVerifiedAt,
      balance: 0,
    });
    for (const token of [tokens.idToken, tokens.accessToken]) {
      const balance = await as(token).get('/user/balance');
      expect(balance.status, JSON.stringify(balance.json)).toBe(200);
      expect(balance.json).toEqual({ message: 'success', balance: 0, account_hold: null });
    }

    // Still the one item the trigger wrote.
    expect(await storedUser(user.sub)).toEqual(recorded);
    expect(await profileItems(user.sub)).toHaveLength(1);
  });

  it('with a wrong code confirms, verifies and records nothing', async () => {
    const user = await signUp();
    await mailedCode(user.email, 'sign-up');
    await expect(
      withCognito((client) => client.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: user.email, ConfirmationCode: '000000x' }))),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const held = await cognitoUser(user.email);
    expect(held.status).toBe('UNCONFIRMED');
    expect(held.attributes.email_verified).not.toBe('true');
    expect(await storedUser(user.sub)).toBeUndefined();
  });
});

describe('AdminConfirmSignUp (no code: nothing shows the address is real)', () => {
  it('records the account through the trigger but leaves the e-mail unverified, as on AWS: 403 on the balance', async () => {
    const user = await signUp();
    await withCognito((client) => client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: user.email })));

    const recorded = await storedUser(user.sub);
    expect(recorded).toMatchObject({ sub: user.sub, email: user.email, balanceCents: 0 });
    expect(recorded!.emailVerifiedAt).toBeUndefined();
    expect((await cognitoUser(user.email)).attributes.email_verified).not.toBe('true');

    const tokens = await signIn(user);
    expect(claimsOf(tokens.idToken).email_verified).not.toBe(true);
    expect(userReplySchema.parse((await as(tokens.idToken).get('/user')).json).data.email_verified_at).toBeNull();
    for (const token of [tokens.idToken, tokens.accessToken]) {
      expect(expectError(await as(token).get('/user/balance'), 403)).toEqual({ message: 'Verify your e-mail first', code: 'EMAIL_NOT_VERIFIED' });
    }
  });
});

describe('a password reset with the e-mailed code', () => {
  it('verifies the e-mail (here it also confirms a sign-up that never entered its code)', async () => {
    const user = await signUp();
    await withCognito((client) => client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: user.email })));
    const code = await mailedCode(user.email, 'password-reset');
    const password = 'N3w-Passw0rd!';
    await withCognito((client) =>
      client.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: user.email, ConfirmationCode: code, Password: password })),
    );
    expect(await cognitoUser(user.email)).toMatchObject({ status: 'CONFIRMED', attributes: { email_verified: 'true' } });

    const tokens = await signIn({ email: user.email, password });
    expect((await as(tokens.accessToken).get('/user/balance')).status).toBe(200);
    expect(userReplySchema.parse((await as(tokens.idToken).get('/user')).json).data.email_verified_at).not.toBeNull();
    expect(await profileItems(user.sub)).toHaveLength(1);
  });
});
