import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { copy } from '../locale-copy';

/**
 * Signed-in states for e2e specs, made through the local cloud's own Cognito (cognito-local behind
 * /_local/cognito): the same pool the web app signs in against. Works against any E2E_BASE_URL of
 * the local cloud, since the pool comes from its /_local/config.json.
 */
export interface LocalUser {
  email: string;
  password: string;
  /** Cognito `sub`: the user's id in the API and in @numbernest/core. */
  sub: string;
}

interface LocalConfig {
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
}

async function localConfig(baseURL: string): Promise<LocalConfig> {
  const response = await fetch(new URL('/_local/config.json', baseURL));
  if (!response.ok) throw new Error(`No local cloud at ${baseURL}: /_local/config.json answered ${response.status}`);
  return (await response.json()) as LocalConfig;
}

/** One Cognito API call (cognito-local takes them unsigned). */
async function cognito<T>(config: LocalConfig, operation: string, input: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${config.userPoolEndpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(input),
  });
  const body = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw new Error(`Cognito ${operation} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A confirmed user whose e-mail is verified (as after the sign-up code), not yet signed in. */
export async function createConfirmedUser(baseURL: string, email = `e2e-${randomUUID()}@example.com`, password = 'Passw0rd!'): Promise<LocalUser> {
  const config = await localConfig(baseURL);
  const { UserSub } = await cognito<{ UserSub: string }>(config, 'SignUp', {
    ClientId: config.userPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await cognito(config, 'AdminConfirmSignUp', { UserPoolId: config.userPoolId, Username: email });
  await cognito(config, 'AdminUpdateUserAttributes', {
    UserPoolId: config.userPoolId,
    Username: email,
    // cognito-local wants the e-mail beside email_verified.
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  return { email, password, sub: UserSub };
}

/** Signs in through the sign-in page, as a person does, and waits for the dashboard. */
export async function signInThroughUi(page: Page, user: LocalUser): Promise<void> {
  await page.goto('/logIn');
  await page.getByLabel(copy('auth', 'fields.email'), { exact: true }).fill(user.email);
  await page.getByLabel(copy('auth', 'fields.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: copy('auth', 'logIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}
