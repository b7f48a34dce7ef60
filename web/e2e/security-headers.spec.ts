import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { topUp } from './support/money';

// The site's security headers with the app running under them: the local cloud sends the same
// Content-Security-Policy as the deployed Router (packages/local/src/security-headers.ts). Every
// main page, signed out and signed in, in both languages and themes, must load and work with no
// CSP violation the browser reports (a `securitypolicyviolation` event, or its console error).

/** Collects what the browser refuses under the CSP, from the first script of every document on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return violations;
}

const publicPages = [
  '/',
  '/service',
  '/about',
  '/contact-us',
  '/blogs',
  '/blogs/1',
  '/tutorial',
  '/api-docs',
  '/logIn',
  '/signUp',
  '/privacy-policy',
  '/stripe/success',
];

test('every public page sends the security headers and runs without a CSP violation, prerendered or rendered on the client', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  for (const path of publicPages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = response!.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('h1').first(), path).toBeVisible();
    expect(violations).toEqual([]);
  }
  // Stored language and theme: the inline script makes these render on the client (another path through it).
  await page.evaluate(() => {
    localStorage.setItem('selectedLanguage', 'RUS');
    localStorage.setItem('Theme', 'dark');
  });
  for (const path of ['/', '/blogs', '/contact-us']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('h1').first(), path).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('signed in: the dashboard, its push socket, account settings and a Perfect Money form-post checkout run without a CSP violation', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await signInThroughUi(page, await createConfirmedUser(baseURL!));
  await expect(page.getByRole('banner').getByTestId('header-balance')).toBeVisible();
  await expect.poll(() => sockets.some((url) => url.includes('/_local/ws'))).toBe(true);
  for (const path of ['/dashboard/my-number', '/dashboard/transaction', '/dashboard/api', '/dashboard/account-settings', '/dashboard/appearance']) {
    await page.goto(path);
    await expect(page.locator('main').first(), path).toBeVisible();
  }
  // Perfect Money's checkout is a form post from the app (CSP form-action); here to its local sandbox.
  await topUp(page, 'perfectmoney', '5.00');
  expect(violations).toEqual([]);
});
