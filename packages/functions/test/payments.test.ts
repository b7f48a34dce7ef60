import './api'; // first: points this process at the local cloud
import { createTopUpReplySchema, notificationsReplySchema, paymentProviders, topUpReplySchema, type PaymentProvider, type TopUp } from '@numbernest/contracts';
import { binanceNotification } from '@numbernest/local/payments/binance';
import { cryptoNotification } from '@numbernest/local/payments/crypto';
import { payeerNotification } from '@numbernest/local/payments/payeer';
import { perfectMoneyNotification } from '@numbernest/local/payments/perfectmoney';
import { stripeNotification } from '@numbernest/local/payments/stripe';
import { deliver, type NotificationMaker, type NotificationOptions } from '@numbernest/local/payments/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, expectError } from './api';
import { as, balanceOf, createTestUser, userWithBalance, type TestUser } from './auth-users';

const notificationOf: Record<PaymentProvider, NotificationMaker> = {
  stripe: stripeNotification,
  perfectmoney: perfectMoneyNotification,
  payeer: payeerNotification,
  binance: binanceNotification,
  crypto: cryptoNotification,
};

/** Providers whose notification names the merchant account; for the others the signing secret is the account. */
const namesMerchant: Record<PaymentProvider, boolean> = { stripe: false, perfectmoney: true, payeer: true, binance: true, crypto: false };
/** Perfect Money calls its status URL for successful payments only. */
const reportsFailures: Record<PaymentProvider, boolean> = { stripe: true, perfectmoney: false, payeer: true, binance: true, crypto: true };

async function createTopUp(user: TestUser, provider: PaymentProvider, amount: number) {
  const reply = await as(user.idToken).post('/user/top-ups', { amount, provider });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return createTopUpReplySchema.parse(reply.json).data;
}

async function topUpOf(user: TestUser, id: string): Promise<TopUp> {
  const reply = await as(user.idToken).get(`/user/top-ups/${id}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return topUpReplySchema.parse(reply.json).data;
}

async function topUpEntries(user: TestUser, id: string) {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(user.sub)).filter((e) => e.kind === 'top-up' && e.reference === id);
}

describe.each(paymentProviders)('top-up through %s', (provider) => {
  const notify = (options: NotificationOptions) => deliver(apiUrl, notificationOf[provider](options));
  let user: TestUser;
  beforeAll(async () => {
    user = await userWithBalance();
  });

  it('creates a pending top-up whose checkout is the provider’s (here: its sandbox)', async () => {
    const topUp = await createTopUp(user, provider, 25);
    expect(topUp).toMatchObject({ provider, amount: 25, status: 'pending' });
    expect(['GET', 'POST']).toContain(topUp.checkout.method);
    expect(topUp.checkout.url.startsWith(`${apiUrl}/_local/`)).toBe(true);
    expect(await topUpOf(user, topUp.id)).toMatchObject({ id: topUp.id, status: 'pending', paid_at: null });
    const stranger = await createTestUser();
    expectError(await as(stranger.idToken).get(`/user/top-ups/${topUp.id}`), 404);
  });

  it('credits once: 10 replays, then 20 concurrent deliveries of the same notification', async () => {
    const topUp = await createTopUp(user, provider, 25);
    const before = await balanceOf(user);
    const options = { topUpId: topUp.id, amountCents: 2500 };
    for (let i = 0; i < 10; i++) {
      const reply = await notify(options);
      expect(reply.status, reply.body).toBe(200);
    }
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => notify(options)));
    for (const reply of concurrent) expect(reply.status, reply.body).toBe(200);
    expect(await balanceOf(user)).toBe(before + 2500);
    expect(await topUpEntries(user, topUp.id)).toHaveLength(1);
    const paid = await topUpOf(user, topUp.id);
    expect(paid.status).toBe('paid');
    expect(Date.parse(paid.paid_at!)).toBeGreaterThan(Date.parse(paid.created_at) - 1);
    const notes = notificationsReplySchema.parse((await as(user.idToken).get('/user/notifications')).json).data.data;
    expect(notes.filter((n) => n.data.kind === 'top-up' && n.data.message.includes('$25.00'))).toHaveLength(1);
  });

  it('refuses forged and altered notifications (4xx) and an unknown top-up, crediting nothing', async () => {
    const topUp = await createTopUp(user, provider, 10);
    const before = await balanceOf(user);
    const forged = await notify({ topUpId: topUp.id, amountCents: 1000, forgeWithSecret: 'not-the-merchant-secret' });
    expect(forged.status, forged.body).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    const altered = await notify({ topUpId: topUp.id, amountCents: 1000, alterAmountCents: 100_000 });
    expect(altered.status, altered.body).toBeGreaterThanOrEqual(400);
    expect(altered.status).toBeLessThan(500);
    const unknown = await notify({ topUpId: '0000000000000000000000000', amountCents: 1000 });
    expect(unknown.status, unknown.body).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(await balanceOf(user)).toBe(before);
    expect((await topUpOf(user, topUp.id)).status).toBe('pending');
  });

  it('sets a correctly signed amount, currency or merchant mismatch aside for review, crediting nothing', async () => {
    const before = await balanceOf(user);
    const mismatches: Array<Partial<NotificationOptions>> = [
      { amountCents: 999 },
      { currency: 'EUR' },
      ...(namesMerchant[provider] ? [{ merchant: 'someone-else' }] : []),
    ];
    for (const mismatch of mismatches) {
      const topUp = await createTopUp(user, provider, 10);
      const reply = await notify({ topUpId: topUp.id, amountCents: 1000, ...mismatch });
      expect(reply.status, reply.body).toBe(200); // authentic: taken, so the provider stops retrying
      expect((await topUpOf(user, topUp.id)).status, JSON.stringify(mismatch)).toBe('review');
      // Even a later correct notification does not override the operators' review.
      await notify({ topUpId: topUp.id, amountCents: 1000 });
      expect((await topUpOf(user, topUp.id)).status).toBe('review');
    }
    expect(await balanceOf(user)).toBe(before);
  });

  if (reportsFailures[provider]) {
    it('marks a failed payment failed, crediting nothing', async () => {
      const topUp = await createTopUp(user, provider, 5);
      const before = await balanceOf(user);
      const reply = await notify({ topUpId: topUp.id, amountCents: 500, status: 'failed' });
      expect(reply.status, reply.body).toBe(200);
      expect((await topUpOf(user, topUp.id)).status).toBe('failed');
      expect(await balanceOf(user)).toBe(before);
    });
  }

  it('end to end through the sandbox: checkout page, Pay, back to the success route, credited', async () => {
    const topUp = await createTopUp(user, provider, 7.5);
    const before = await balanceOf(user);
    const page = await openCheckout(topUp.checkout);
    const pay = formOf(page, 'Pay');
    const reply = await fetch(new URL(pay.action, apiUrl), { method: 'POST', body: new URLSearchParams(pay.fields), redirect: 'manual' });
    expect(reply.status, await reply.clone().text()).toBe(303);
    const location = new URL(reply.headers.get('location')!, apiUrl);
    expect(location.pathname).toBe(`/${provider}/success`);
    expect(location.searchParams.get('top_up')).toBe(topUp.id);
    expect(await balanceOf(user)).toBe(before + 750);
    expect((await topUpOf(user, topUp.id)).status).toBe('paid');
  });

  it('Cancel at the checkout goes to the cancel route and charges nothing', async () => {
    const topUp = await createTopUp(user, provider, 3);
    const before = await balanceOf(user);
    const cancel = formOf(await openCheckout(topUp.checkout), 'Cancel');
    const reply = await fetch(new URL(cancel.action, apiUrl), { method: 'POST', body: new URLSearchParams(cancel.fields), redirect: 'manual' });
    expect(reply.status).toBe(303);
    expect(new URL(reply.headers.get('location')!, apiUrl).pathname).toBe(`/${provider}/cancel`);
    expect(await balanceOf(user)).toBe(before);
    expect((await topUpOf(user, topUp.id)).status).toBe('pending');
  });
});

describe('Stripe echoes the paying account in the session metadata', () => {
  it('credits the top-up’s own owner whatever the echoed account says: its own, another’s, an unknown one, none', async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const hints: Array<Record<string, string> | undefined> = [{ account: owner.sub }, { account: other.sub }, { account: 'no-such-account' }, undefined];
    for (const [i, hint] of hints.entries()) {
      const topUp = await createTopUp(owner, 'stripe', 1);
      const metadata = hint && { top_up_id: topUp.id, ...hint };
      const reply = await deliver(apiUrl, stripeNotification({ topUpId: topUp.id, amountCents: 100, ...(metadata && { metadata }) }));
      expect(reply.status, reply.body).toBe(200);
      expect((await topUpOf(owner, topUp.id)).status).toBe('paid');
      expect(await balanceOf(owner), JSON.stringify(hint)).toBe((i + 1) * 100);
    }
    expect(await balanceOf(other)).toBe(0);
  });
});

describe('pending top-ups expire', () => {
  it('after 24 hours: status expired, balance untouched; the job is safe to run twice', async () => {
    const user = await userWithBalance();
    const topUp = await createTopUp(user, 'stripe', 5);
    // Made a day ago (only this one: other tests' pending top-ups must stay pending).
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('@numbernest/core/db');
    const { expireDueTopUps, topUpKeys } = await import('@numbernest/core/money');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000);
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: topUpKeys.item(topUp.id),
        UpdateExpression: 'SET createdAt = :created, dueAt = :due',
        ExpressionAttributeValues: { ':created': dayAgo.toISOString(), ':due': new Date(dayAgo.getTime() + 24 * 60 * 60 * 1000).toISOString() },
      }),
    );
    await expireDueTopUps(); // (the local cloud's ticker may get there first: only the outcome is asserted)
    expect((await topUpOf(user, topUp.id)).status).toBe('expired');
    await expireDueTopUps();
    expect((await topUpOf(user, topUp.id)).status).toBe('expired');
    expect(await balanceOf(user)).toBe(0);
    // A late payment of an expired checkout is still money received: credited.
    expect((await deliver(apiUrl, stripeNotification({ topUpId: topUp.id, amountCents: 500 }))).status).toBe(200);
    expect((await topUpOf(user, topUp.id)).status).toBe('paid');
    expect(await balanceOf(user)).toBe(500);
  });
});

describe('Binance Pay notifications are fresh', () => {
  it('refuses one signed more than 5 minutes ago (a replay) with a clear 400, crediting nothing; the same one sent now is credited', async () => {
    const user = await userWithBalance();
    const topUp = await createTopUp(user, 'binance', 5);
    const stale = await deliver(apiUrl, binanceNotification({ topUpId: topUp.id, amountCents: 500, sentAt: Date.now() - 6 * 60_000 }));
    expect(stale.status, stale.body).toBe(400);
    expect(JSON.parse(stale.body)).toEqual({ returnCode: 'FAIL', returnMessage: 'Binance Pay notification timestamp is outside the 5-minute window' });
    expect((await topUpOf(user, topUp.id)).status).toBe('pending');
    expect(await balanceOf(user)).toBe(0);
    expect((await deliver(apiUrl, binanceNotification({ topUpId: topUp.id, amountCents: 500 }))).status).toBe(200);
    expect(await balanceOf(user)).toBe(500);
  });
});

/** The checkout page the browser lands on (following a GET link, or submitting the POST form). */
async function openCheckout(checkout: { method: 'GET' | 'POST'; url: string; fields: Record<string, string> }): Promise<string> {
  const reply =
    checkout.method === 'GET' ? await fetch(checkout.url) : await fetch(checkout.url, { method: 'POST', body: new URLSearchParams(checkout.fields) });
  expect(reply.status).toBe(200);
  return reply.text();
}

/** The form around the button labelled `label`: its action and hidden fields. */
function formOf(html: string, label: string): { action: string; fields: Record<string, string> } {
  const form = [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].find((m) => new RegExp(`>\\s*${label}\\s*<`).test(m[2]!));
  if (!form) throw new Error(`No form with a ${label} button in:\n${html}`);
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields = Object.fromEntries([...form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [decode(m[1]!), decode(m[2]!)]));
  return { action: decode(form[1]!), fields };
}
