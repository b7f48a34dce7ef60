import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { copy } from './locale-copy';
import { signUpWithoutUi } from './support/local-user';

// Accounts end to end: the real local cloud (cognito-local behind its proxy, the
// API, the mailbox that captures the e-mailed codes) and the built web app.

test.describe.configure({ timeout: 60_000 });

const password = 'Nest1234pass';
const en = (key: string) => copy('auth', key);
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.numbernest.test`;

interface LocalConfig {
  userPoolClientId: string;
  userPoolEndpoint: string;
}

/** The newest code of `kind` e-mailed to `email`, waiting for it to arrive; `after` skips older ones. */
async function codeFromMailbox(request: APIRequestContext, email: string, kind: 'sign-up' | 'password-reset', after = ''): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/_local/mail.json?to=${encodeURIComponent(email)}`)).json()) as { kind: string; code: string; at: string }[];
      code = mails.find((mail) => mail.kind === kind && mail.at > after)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A Cognito call through the local proxy, as a browser SDK would make it. */
async function cognito(request: APIRequestContext, operation: string, body: Record<string, unknown>) {
  const config = (await (await request.get('/_local/config.json')).json()) as LocalConfig;
  const reply = await request.post(`${config.userPoolEndpoint}/`, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify({ ClientId: config.userPoolClientId, ...body }),
  });
  expect(reply.ok(), `${operation}: ${await reply.text()}`).toBe(true);
}

/**
 * An account that signed up (and, unless told otherwise, entered its code) without the UI, from an
 * address of its own: the sign-ups through the UI below stay the only ones from the browser's.
 */
async function createAccount(request: APIRequestContext, email: string, { verified = true } = {}) {
  await signUpWithoutUi(test.info().project.use.baseURL!, email, password);
  if (verified) await cognito(request, 'ConfirmSignUp', { Username: email, ConfirmationCode: await codeFromMailbox(request, email, 'sign-up') });
}

async function signInThroughUi(page: Page, email: string, withPassword = password) {
  await page.goto('/logIn');
  await page.getByLabel(en('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(en('fields.password'), { exact: true }).fill(withPassword);
  await page.getByRole('button', { name: en('logIn.submit'), exact: true }).click();
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email?: string; email_verified_at?: string | null } | null,
  }));

test('sign up, verify by e-mail code and be signed in at once, stay signed in after a reload, log out, sign in again', async ({ page, request }) => {
  const email = uniqueEmail('journey');
  await page.goto('/signUp');
  await expect(page.getByRole('heading', { level: 1, name: en('signUp.title') })).toBeVisible();
  await page.getByLabel(en('fields.email'), { exact: true }).fill(email.toUpperCase()); // e-mail addresses are kept lower-case

  // The password rules tick off as the visitor types.
  const rules = page.getByRole('list', { name: en('rules.title') });
  await page.getByLabel(en('fields.password'), { exact: true }).fill('nest');
  await expect(rules.locator('[data-met="true"]')).toHaveText([new RegExp(en('rules.lower').replace(/[()]/g, '\\$&'))]);
  await page.getByLabel(en('fields.password'), { exact: true }).fill(password);
  await expect(rules.locator('[data-met="false"]')).toHaveCount(0);
  await page.getByLabel(en('fields.confirm'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('signUp.submit') }).click();

  // "Check your inbox", then the code step carrying the address.
  await expect(page).toHaveURL(/\/confirm-email\?email=/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: /New code in \d+ s/ })).toBeDisabled(); // the 30 s cooldown
  await page.getByRole('link', { name: en('actions.enterCode') }).click();
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByLabel(en('fields.email'), { exact: true })).toHaveValue(email);

  await page.getByLabel(en('fields.code'), { exact: true }).fill(await codeFromMailbox(request, email, 'sign-up'));
  await page.getByRole('button', { name: en('verifyEmail.submit') }).click();
  // The code confirms the address and signs the person in with the password they just chose (Amplify's auto sign-in).
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await stored(page);
  expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session.user).toMatchObject({ email, balance: 0 });
  expect(session.user?.email_verified_at).toEqual(expect.any(String)); // the code verified the address

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await stored(page)).user?.email).toBe(email);
  expect((await stored(page)).token).toBeTruthy();

  await page.getByRole('button', { name: 'Logout', exact: true }).filter({ visible: true }).first().click();
  // Logout first waits for the server's global sign-out, which answers only once the next second has
  // begun (sessions.test.ts): on a busy machine that alone has taken 5 s.
  await expect(page).toHaveURL(/\/logIn$/, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: en('logout.done') })).toBeVisible();
  expect(await stored(page)).toEqual({ token: null, user: null });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/logIn$/);

  await page.getByLabel(en('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(en('fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('logIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('guards: the dashboard needs a session, sign-in and sign-up pages send a signed-in visitor on', async ({ page, request }) => {
  await page.goto('/dashboard/my-number');
  await expect(page).toHaveURL(/\/logIn$/);
  await expect(page.getByRole('heading', { level: 1, name: en('logIn.title') })).toBeVisible();

  const email = uniqueEmail('guard');
  await createAccount(request, email);
  await signInThroughUi(page, email);
  // Sent back to the dashboard page that asked for the sign-in.
  await expect(page).toHaveURL(/\/dashboard\/my-number$/);

  await page.goto('/logIn');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/signUp');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Only both together count as signed in.
  await page.evaluate(() => localStorage.removeItem('user'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/logIn$/);
});

test('password reset end to end, and the old password no longer works', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await createAccount(request, email);
  const newPassword = 'Fresh5678nest';

  await page.goto(`/logIn?email=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: en('logIn.forgot') }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByLabel(en('fields.email'), { exact: true })).toHaveValue(email);
  const before = new Date().toISOString();
  await page.getByRole('button', { name: en('resetPassword.submit') }).click();

  await expect(page).toHaveURL(/\/reset-password-new\?email=/);
  await page.getByLabel(en('fields.code'), { exact: true }).fill(await codeFromMailbox(request, email, 'password-reset', before));
  await page.getByLabel(en('fields.newPassword'), { exact: true }).fill(newPassword);
  await page.getByLabel(en('fields.confirm'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: en('newPassword.submit') }).click();

  await expect(page.getByRole('status').filter({ hasText: en('newPassword.done') })).toBeVisible();
  await expect(page).toHaveURL(/\/logIn\?email=/);

  await page.getByLabel(en('fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('logIn.submit'), exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(en('errors.wrongCredentials'));

  await page.getByLabel(en('fields.password'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: en('logIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong code is refused in place', async ({ page, request }) => {
  const email = uniqueEmail('badcode');
  await createAccount(request, email, { verified: false });
  const code = await codeFromMailbox(request, email, 'sign-up');
  await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
  await page.getByLabel(en('fields.code'), { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: en('verifyEmail.submit') }).click();
  await expect(page.getByText(en('errors.codeMismatch'))).toBeVisible();
  await expect(page.getByLabel(en('fields.code'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password or an unknown address get one and the same message', async ({ page, request }) => {
  const email = uniqueEmail('wrongpw');
  await createAccount(request, email);
  await signInThroughUi(page, email, 'Wrong1234pass');
  await expect(page.getByRole('alert')).toHaveText(en('errors.wrongCredentials'));
  expect(await stored(page)).toEqual({ token: null, user: null });

  await signInThroughUi(page, uniqueEmail('nobody'));
  await expect(page.getByRole('alert')).toHaveText(en('errors.wrongCredentials'));
});

test('an account that never entered its code is offered the verify step', async ({ page, request }) => {
  const email = uniqueEmail('unconfirmed');
  await createAccount(request, email, { verified: false });
  await signInThroughUi(page, email);

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(en('errors.notConfirmed'));
  await expect(alert.getByRole('link', { name: en('actions.enterCode') })).toHaveAttribute('href', `/verify-email?email=${encodeURIComponent(email)}`);
  // A new code, then the code step with the 30 s wait already running.
  const before = new Date().toISOString();
  await alert.getByRole('button', { name: en('resend.button') }).click();
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByRole('button', { name: /New code in \d+ s/ })).toBeDisabled();

  await page.getByLabel(en('fields.code'), { exact: true }).fill(await codeFromMailbox(request, email, 'sign-up', before));
  await page.getByRole('button', { name: en('verifyEmail.submit') }).click();
  await expect(page).toHaveURL(/\/verification-success/);
  await page
    .getByRole('main')
    .getByRole('link', { name: en('verified.logIn'), exact: true })
    .click();
  await page.getByLabel(en('fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: en('logIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the account screens speak Russian, validation messages included', async ({ page }) => {
  const ru = (key: string) => copy('auth', key, 'ru');
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'RUS'));

  await page.goto('/logIn');
  await expect(page.getByRole('heading', { level: 1, name: ru('logIn.title') })).toBeVisible();
  await expect(page.getByLabel(ru('fields.password'), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: ru('logIn.forgot') })).toBeVisible();
  await page.getByRole('button', { name: ru('logIn.submit'), exact: true }).click();
  await expect(page.getByText(copy('validation', 'required', 'ru'))).toHaveCount(2);

  await page.goto('/signUp');
  await expect(page.getByRole('heading', { level: 1, name: ru('signUp.title') })).toBeVisible();
  await expect(page.getByRole('list', { name: ru('rules.title') })).toContainText(ru('rules.upper'));
  await page.getByLabel(ru('fields.email'), { exact: true }).fill('not-an-address');
  await page.getByLabel(ru('fields.password'), { exact: true }).fill('Abc1');
  await page.getByLabel(ru('fields.confirm'), { exact: true }).fill('Abc2');
  await page.getByRole('button', { name: ru('signUp.submit') }).click();
  await expect(page.getByText(copy('validation', 'email', 'ru'))).toBeVisible();
  await expect(page.getByText('Введите не менее 8 символов.')).toBeVisible();
  await expect(page.getByText(copy('validation', 'notMatched', 'ru'))).toBeVisible();

  for (const [path, title] of [
    ['/reset-password', 'resetPassword.title'],
    ['/reset-password-new', 'newPassword.title'],
    ['/verify-email', 'verifyEmail.title'],
    ['/confirm-email', 'confirmEmail.title'],
    ['/verification-success', 'verified.title'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ru(title) })).toBeVisible();
  }
});

test('Google sign-in explains itself locally instead of doing nothing', async ({ page }) => {
  await page.goto('/signUp');
  await page.getByRole('button', { name: en('google.button') }).click();
  const dialog = page.getByRole('dialog', { name: en('google.localTitle') });
  await expect(dialog).toContainText(en('google.localText'));
  await dialog.getByRole('button', { name: en('google.useEmail') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(en('fields.email'), { exact: true })).toBeFocused();

  // The hosted UI's way back says the same, should anyone land there locally.
  await page.goto('/auth/callback?code=abc&state=xyz');
  await expect(page.getByRole('heading', { level: 1, name: en('google.localTitle') })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: en('actions.logIn'), exact: true })).toBeVisible();
});

test('a password change keeps this browser signed in and ends every older token', async ({ page, request }) => {
  const email = uniqueEmail('change');
  await createAccount(request, email);
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const old = (await stored(page)).token!;

  await page.goto('/dashboard/account-settings');
  const newPassword = 'Changed9876nest';
  await page.getByLabel(copy('account', 'settings.password.current'), { exact: true }).fill(password);
  await page.getByLabel(copy('account', 'settings.password.next'), { exact: true }).fill(newPassword);
  await page.getByLabel(copy('account', 'settings.password.confirm'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: copy('account', 'settings.password.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: copy('account', 'settings.password.changed') })).toBeVisible();

  // Still signed in here, with a new token; the one from before the change is refused at once.
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  const now = (await stored(page)).token!;
  expect(now).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(now).not.toBe(old);
  const asToken = (token: string) => request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  expect((await asToken(old)).status()).toBe(401);
  expect((await asToken(now)).status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);

  // Logout moves to /logIn and then reloads the page: sign in only on the reloaded one.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Logout', exact: true }).filter({ visible: true }).first().click();
  await reloaded;
  await expect(page).toHaveURL(/\/logIn$/);
  await signInThroughUi(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a password reset elsewhere closes an open tab's push socket and sends that tab to sign in, without reconnecting", async ({ page, request }) => {
  const email = uniqueEmail('revoked');
  await createAccount(request, email);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => sockets.length).toBe(1);

  // "Forgot password" from another device: the reset e-mail says what it revokes.
  const before = new Date().toISOString();
  await cognito(request, 'ForgotPassword', { Username: email });
  const code = await codeFromMailbox(request, email, 'password-reset', before);
  const mails = (await (await request.get(`/_local/mail.json?to=${encodeURIComponent(email)}`)).json()) as { code: string; message?: string }[];
  expect(mails.find((mail) => mail.code === code)?.message).toContain('all your API keys are revoked');
  await cognito(request, 'ConfirmForgotPassword', { Username: email, ConfirmationCode: code, Password: 'Reset4321nest' });

  await expect(page).toHaveURL(/\/logIn$/, { timeout: 15_000 });
  await expect(page.getByText(en('session.ended'))).toBeVisible();
  await page.waitForTimeout(3_000); // longer than the first reconnect delays
  expect(sockets).toHaveLength(1);
});
