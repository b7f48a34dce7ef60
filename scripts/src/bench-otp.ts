/**
 * OTP latency (rentals issue): the time from POSTing a correctly signed Twilio webhook to the SMS's
 * text being visible in an open Chromium tab on the rental's page, which learns of it by push. The
 * page records when each text appears (a MutationObserver); both clocks are this machine's.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import type { LocalCloud } from '@numbernest/local';
import { percentile } from './percentile';

export async function benchOtpLatency(cloud: LocalCloud, browser: Browser, messages = 50) {
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  const { seedCatalog } = await import('@numbernest/core/seed');
  const { twilioInboundRequest, post } = await import('@numbernest/local/sms/upstream');
  // Setting up the user, straight to cognito-local: it takes admin calls unsigned (the public proxy does not).
  const cognito = async (operation: string, input: Record<string, unknown>) => {
    const reply = await fetch(`${cloud.cognito.directEndpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(input),
    });
    if (!reply.ok) throw new Error(`${operation}: ${await reply.text()}`);
    return (await reply.json()) as Record<string, unknown>;
  };

  // A verified user with a balance and a Private rental, signed in through the sign-in page.
  const email = `otp-${randomUUID()}@example.com`;
  const password = 'Passw0rd!';
  const { UserSub } = (await cognito('SignUp', {
    ClientId: cloud.cognito.clientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  })) as { UserSub: string };
  await cognito('AdminUpdateUserAttributes', {
    UserPoolId: cloud.cognito.userPoolId,
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  await cognito('AdminConfirmSignUp', { UserPoolId: cloud.cognito.userPoolId, Username: email });
  // bypassCSP: the site forbids eval, and Playwright's in-page polling (waitForFunction) is eval; the app runs as served.
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(`${cloud.url}/logIn`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/dashboard/);
  await applyLedgerTransaction({
    idempotencyKey: `bench-otp:${UserSub}`,
    changes: [{ sub: UserSub, amountCents: 100_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } }],
  });
  const token = await page.evaluate<string>("localStorage.getItem('token')");
  const number = seedCatalog.numbers.filter((n) => n.typeId === 2).at(-2)!;
  const bought = await fetch(`${cloud.url}/api/user/rentals`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ mobile_number_type_id: 2, mobile_number_id: number.numberId, rent_time_id: 1 }),
  });
  if (bought.status !== 201) throw new Error(`purchase: ${bought.status} ${await bought.text()}`);
  const rentalId = ((await bought.json()) as { data: { id: string } }).data.id;

  await page.goto(`${cloud.url}/dashboard/my-number/${rentalId}`);
  await page.getByTestId('rental-number').first().waitFor();
  // Browser-side (a string, so this Node program needs no DOM types): note when each tagged text appears.
  await page.evaluate(`(() => {
    const seen = (window.seenAt = {});
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-testid="message-body"]')) {
        const tag = /BENCH-\\d+/.exec(element.textContent || '')?.[0];
        if (tag && !(tag in seen)) seen[tag] = Date.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  await page.waitForTimeout(1500); // the tab's socket is open

  const latencies: number[] = [];
  let missed = 0;
  for (let i = 0; i < messages; i++) {
    const tag = `BENCH-${i}`;
    const request = twilioInboundRequest({
      appUrl: cloud.url,
      to: number.e164,
      from: 'Google',
      body: `G-${String(100000 + i)} is your Google verification code. ${tag}`,
    });
    const sentAt = Date.now();
    const reply = await post(request);
    if (reply.status !== 200) throw new Error(`webhook: ${reply.status} ${reply.body}`);
    const shownAt = await page
      .waitForFunction(`window.seenAt[${JSON.stringify(tag)}]`, undefined, { timeout: 5000, polling: 20 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => undefined);
    if (shownAt === undefined) missed++;
    else latencies.push(shownAt - sentAt);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(percentile(latencies, q) ?? 0);
  await page.context().close();
  return { messages, shown: latencies.length, missed, p50: at(0.5), p95: at(0.95), max: Math.round(latencies.at(-1) ?? 0) };
}
