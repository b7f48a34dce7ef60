/**
 * Helpers of the account tests: real users in cognito-local (verified or not), requests with
 * their tokens, and a direct look at what is stored. Import './api' before this module.
 */
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  ConfirmForgotPasswordCommand,
  CreateUserPoolClientCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { claimsOf, createTestUser, mailsTo, signInTokens, signUp, verifyEmail, withCognito, type TestUser, localCloud } from '@numbernest/local/testing';
import type { Mail } from '@numbernest/local/mailbox';
import { send, type ApiReply } from './api';

export { createTestUser, verifyEmail, type TestUser };
export const cognito = localCloud().cognito;

/** One request to /api with an optional bearer token (or any Authorization header) and JSON body. */
export function call(method: string, path: string, options: { token?: string; authorization?: string; body?: unknown; raw?: string } = {}): Promise<ApiReply> {
  const headers: Record<string, string> = {};
  const authorization = options.authorization ?? (options.token ? `Bearer ${options.token}` : undefined);
  if (authorization) headers.authorization = authorization;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(method, path, { headers, body });
}

/** Requests as one user (id token unless told otherwise). */
export function as(token: string) {
  return {
    get: (path: string) => call('GET', path, { token }),
    post: (path: string, body?: unknown) => call('POST', path, { token, body }),
    put: (path: string, body: unknown) => call('PUT', path, { token, body }),
    patch: (path: string, body: unknown) => call('PATCH', path, { token, body }),
    putRaw: (path: string, raw: string) => call('PUT', path, { token, raw }),
    delete: (path: string) => call('DELETE', path, { token }),
  };
}

/** Signs a user in with USER_PASSWORD_AUTH through a client (the web client by default). */
export const signIn = (user: Pick<TestUser, 'email' | 'password'>, clientId = cognito.clientId) => signInTokens(user.email, user.password, clientId);

/** A confirmed user whose e-mail was never verified (AdminConfirmSignUp does not verify it). */
export async function createUnverifiedUser(): Promise<TestUser> {
  const email = `unverified-${randomUUID()}@example.com`;
  const password = 'Passw0rd!';
  const sub = await signUp(email, password);
  await withCognito((client) => client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email })));
  return { email, password, sub, ...(await signIn({ email, password })) };
}

/** Tokens of the same user from another app client of the same pool (wrong audience for the API). */
export async function tokensOfAnotherClient(user: TestUser) {
  const { UserPoolClient } = await withCognito((client) =>
    client.send(
      new CreateUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientName: 'not-the-web-app', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
    ),
  );
  return signIn(user, UserPoolClient!.ClientId!);
}

/** Trades a refresh token for new tokens the way the web app does (GetTokensFromRefreshToken). */
export function refresh(refreshToken: string) {
  return withCognito((client) => client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken })));
}

/** The token with one claim changed and the original signature kept. */
export function tampered(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(token), ...change })).toString('base64url')}.${signature}`;
}

/**
 * The token re-signed with cognito-local's own key (it ships with the emulator) after changing
 * claims: what the pool itself would have issued. `resigned(t, {})` is accepted like `t`.
 */
export function resigned(token: string, change: Record<string, unknown>): string {
  const keys = join(dirname(createRequire(import.meta.url).resolve('cognito-local')), 'keys', 'cognitoLocal.private.json');
  const { pem } = JSON.parse(readFileSync(keys, 'utf8')) as { pem: string };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode({ ...claimsOf(token), ...change })}`;
  return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), createPrivateKey(pem)).toString('base64url')}`;
}

/** The same token as if issued two hours ago with a one-hour life. */
export function expired(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return resigned(token, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
}

/** What is stored for a user (core read directly; tests only). */
export async function storedUser(sub: string) {
  const { findUser } = await import('@numbernest/core/accounts');
  return findUser(sub);
}

/**
 * Gives a user exactly this balance through the ledger (one adjustment entry for the difference), so
 * the reconciliation at the end of the suite still holds.
 */
export async function setBalanceCents(sub: string, cents: number): Promise<void> {
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  const user = await storedUser(sub);
  if (!user) throw new Error(`No profile for ${sub}: call the API as the user first`);
  const difference = cents - user.balanceCents;
  if (difference === 0) return;
  await applyLedgerTransaction({
    idempotencyKey: `test-balance:${randomUUID()}`,
    changes: [{ sub, amountCents: difference, kind: 'adjustment', reference: 'test', description: { key: 'adjustment', params: { reason: 'test' } } }],
  });
}

/** A verified user whose profile exists, with this balance (through the ledger). */
export async function userWithBalance(cents = 0): Promise<TestUser> {
  const user = await createTestUser();
  const reply = await as(user.idToken).get('/user');
  if (reply.status !== 200) throw new Error(`GET /api/user answered ${reply.status}`);
  if (cents) await setBalanceCents(user.sub, cents);
  return user;
}

/** The user's stored balance in cents. */
export const balanceOf = async (user: Pick<TestUser, 'sub'>) => (await storedUser(user.sub))!.balanceCents;

/** The newest mail of `kind` to `email` sent at or after `since` (ISO), waited for. */
export async function nextMail(email: string, kind: Mail['kind'], since: string, ms = 10_000): Promise<Mail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = (await mailsTo(email)).find((m) => m.kind === kind && m.at >= since);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${email} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * "Forgot password" as the web app does it, through the local Cognito: ForgotPassword (the mail,
 * worded by the CustomMessage trigger in `language`), then ConfirmForgotPassword with its code
 * (which runs the PostConfirmation trigger). Answers the mail.
 */
export async function resetPassword(user: Pick<TestUser, 'email'>, newPassword = 'Reset-passw0rd!', language = 'en'): Promise<Mail> {
  const since = new Date().toISOString();
  await withCognito((client) => client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: user.email, ClientMetadata: { language } })));
  const mail = await nextMail(user.email, 'password-reset', since);
  await withCognito((client) =>
    client.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: user.email, ConfirmationCode: mail.code, Password: newPassword })),
  );
  return mail;
}
