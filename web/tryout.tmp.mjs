import { chromium } from '@playwright/test';
const base = 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const shot = (page, name) => page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
async function signUp(page, email) {
  await page.goto(base + '/signUp');
  await page.getByLabel('E-mail', { exact: true }).fill(email).catch(async () => page.locator('input[type=email]').fill(email));
  const pw = page.locator('input[type=password]');
  await pw.nth(0).fill('Nest1234pass'); await pw.nth(1).fill('Nest1234pass');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/confirm-email/);
  let code = '';
  for (let i = 0; i < 30 && !code; i++) { const mails = await (await fetch(`${base}/_local/mail.json?to=${encodeURIComponent(email)}`)).json(); code = mails.find(m => m.kind === 'sign-up')?.code ?? ''; if (!code) await new Promise(r => setTimeout(r, 500)); }
  await page.goto(`${base}/verify-email?email=${encodeURIComponent(email)}`);
  await page.locator('input[autocomplete="one-time-code"], input[name=code]').first().fill(code);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/verification-success/);
  await page.goto(base + '/logIn');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill('Nest1234pass');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/dashboard/);
}
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
const alice = `alice-${Date.now()}@example.com`, bob = `bob-${Date.now()}@example.com`;
await signUp(page, alice);
let first = true;
for (const p of ['stripe', 'perfectmoney', 'payeer', 'binance', 'crypto']) {
  await page.goto(base + '/dashboard/topup-balance');
  await page.getByTestId('topup-amount').fill('25');
  await page.getByTestId(`provider-${p}`).click();
  if (first) await shot(page, 'topup-page');
  await page.getByTestId('topup-pay').click();
  await page.waitForURL(/_local/);
  await shot(page, `sandbox-${p}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(new RegExp(`/${p}/success`));
  if (first) await shot(page, 'return-pending');
  await page.getByTestId('topup-status').and(page.locator('[data-status=paid]')).waitFor({ timeout: 20000 });
  if (first) await shot(page, 'return-paid');
  first = false;
}
const ctx2 = await browser.newContext(); const page2 = await ctx2.newPage();
await signUp(page2, bob);
await page.goto(base + '/dashboard/balance-transfer');
await page.getByTestId('transfer-email').fill(bob);
await page.getByTestId('transfer-amount').fill('10');
await page.getByTestId('transfer-note').fill('thanks!');
await shot(page, 'transfer-form');
await page.getByTestId('transfer-continue').click();
await shot(page, 'transfer-confirm');
await page.getByTestId('transfer-confirm').click();
await page.waitForURL(/transfer-successful/);
await shot(page, 'transfer-success');
await page.goto(base + '/dashboard/transaction');
await page.getByTestId('transactions-table').waitFor();
await shot(page, 'history');
await page.goto(base + '/dashboard');
await page.waitForTimeout(1500);
await shot(page, 'dashboard');
console.log('alice header:', await page.getByTestId('header-balance').first().textContent());
await page2.goto(base + '/dashboard/transaction'); await page2.getByTestId('transactions-table').waitFor(); await page2.waitForTimeout(800);
console.log('bob header:', await page2.getByTestId('header-balance').first().textContent());
// Russian, mobile
const ru = await browser.newContext({ viewport: { width: 390, height: 844 } });
await ru.addInitScript(() => localStorage.setItem('selectedLanguage', 'RUS'));
const st = await ctx.storageState(); await ru.addCookies(st.cookies);
const rp = await ru.newPage();
await rp.goto(base + '/');
await rp.evaluate((s) => { for (const o of s.origins) for (const { name, value } of o.localStorage) localStorage.setItem(name, value); localStorage.setItem('selectedLanguage','RUS'); }, st);
for (const [path, name] of [['/dashboard/topup-balance','ru-topup'],['/dashboard/transaction','ru-history'],['/dashboard/balance-transfer','ru-transfer']]) { await rp.goto(base + path); await rp.waitForTimeout(1500); await shot(rp, name); }
// dark theme desktop
await page.evaluate(() => localStorage.setItem('Theme', 'dark')); await page.goto(base + '/dashboard/transaction'); await page.waitForTimeout(1200); await shot(page, 'dark-history');
await browser.close();
