import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { expect, type Page } from '@playwright/test';
import { copy } from '../locale-copy';

/**
 * Signed-in states for e2e specs, made through the local cloud's own Cognito (cognito-local behind
 * /_local/cognito): the same pool the web app signs in against. Works against any E2E_BASE_URL of
 * a local cloud on this machine, since the pool comes from its /_local/config.json.
 */
export interface LocalUser {
  email: string;
  password: string;
  /** Cognito `sub`: the user's id in the API and in @numbernest/core. */
  sub: string;
}

interface LocalConfig {
  userPoolClientId: string;
  userPoolEndpoint: string;
}

async function localConfig(baseURL: string): Promise<LocalConfig> {
  const response = await fetch(new URL('/_local/config.json', baseURL));
  if (!response.ok) throw new Error(`No local cloud at ${baseURL}: /_local/config.json answered ${response.status}`);
  return (await response.json()) as LocalConfig;
}

/**
 * One Cognito API call through the local proxy, as a browser SDK makes it, from a loopback address
 * of its own (the cloud listens on 127.0.0.1; Linux takes connections from any 127.x.y.z): each
 * account made here is a visitor of its own to the proxy's per-address sign-up limit (WAF's on AWS),
 * so the specs' accounts never add up to it.
 */
async function cognito<T>(config: LocalConfig, operation: string, input: Record<string, unknown>): Promise<T> {
  const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const call = request(
      `${config.userPoolEndpoint}/`,
      {
        method: 'POST',
        localAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify(input));
  });
  if (reply.status !== 200) throw new Error(`Cognito ${operation} answered ${reply.status}: ${reply.text}`);
  return JSON.parse(reply.text) as T;
}

/** The newest sign-up code the local mailbox holds for `email`, once it has arrived. */
async function signUpCode(baseURL: string, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await (await fetch(new URL(`/_local/mail.json?to=${encodeURIComponent(email)}`, baseURL))).json()) as { kind: string; code: string }[];
      code = mails.find((mail) => mail.kind === 'sign-up')?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Signs up without the UI: the account is unconfirmed and its code is in the local mailbox. Returns its sub. */
export async function signUpWithoutUi(baseURL: string, email: string, password: string): Promise<string> {
  const config = await localConfig(baseURL);
  const { UserSub } = await cognito<{ UserSub: string }>(config, 'SignUp', {
    ClientId: config.userPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  return UserSub;
}

/** A confirmed user whose e-mail is verified (the sign-up code entered), not yet signed in. */
export async function createConfirmedUser(baseURL: string, email = `e2e-${randomUUID()}@example.com`, password = 'Passw0rd!'): Promise<LocalUser> {
  const sub = await signUpWithoutUi(baseURL, email, password);
  const config = await localConfig(baseURL);
  await cognito(config, 'ConfirmSignUp', { ClientId: config.userPoolClientId, Username: email, ConfirmationCode: await signUpCode(baseURL, email) });
  return { email, password, sub };
}

/** Signs in through the sign-in page, as a person does, and waits for the dashboard. */
export async function signInThroughUi(page: Page, user: LocalUser): Promise<void> {
  await page.goto('/logIn');
  await page.getByLabel(copy('auth', 'fields.email'), { exact: true }).fill(user.email);
  await page.getByLabel(copy('auth', 'fields.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: copy('auth', 'logIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}
