import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { forwardingReplySchema, messagesReplySchema, type ForwardingSettings, type Message, type Rental } from '@numbernest/contracts';
import type { Mail } from '@numbernest/local/mailbox';
import { mailsTo } from '@numbernest/local/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudQueueIdle, expectError, expectFieldErrors, send } from './api';
import { as, createUnverifiedUser, userWithBalance, type TestUser } from './auth-users';
import { rentOwn, smsTo, until } from './rent-own';

/**
 * Forwarding: the settings, and an inbound SMS to a rental whose owner forwards by e-mail reaching
 * the local mailbox (the local SES stand-in) through the webhook queue, exactly once per SMS and
 * channel: a duplicate job sends nothing, a failure (a planned SES outage) is retried and sends
 * once; the e-mail's signed one-time unsubscribe link.
 *
 * Retries are driven as the customer webhooks' tests drive theirs: the retry job's core function
 * with a `now` in the future, here through this process's own copy of the local cloud's in-process
 * queue (the same subscriber export the local cloud and SQS run).
 */
const allOff: ForwardingSettings = { email: false, telegram: false, whatsapp: false, messenger: false, push: false };

let queue: { idle(): Promise<void>; stop(): Promise<void> } | undefined;
beforeAll(async () => {
  const { startWebhookQueue } = await import('@numbernest/local/webhook-queue');
  queue = startWebhookQueue(() => undefined);
});
afterAll(async () => {
  await queue?.stop();
});

/** The cloud's queue (which the SMS webhook fills) and this process's both have nothing running. */
async function queuesIdle(): Promise<void> {
  await cloudQueueIdle();
  await queue!.idle();
}

const forwarding = async (user: TestUser) => {
  const reply = await as(user.idToken).get('/user/forwarding');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return forwardingReplySchema.parse(reply.json).data;
};

async function messagesOf(user: TestUser, rental: Rental): Promise<Message[]> {
  const reply = await as(user.idToken).get(`/user/messages?rental_id=${rental.id}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return messagesReplySchema.parse(reply.json).data.data;
}

const forwardedMails = async (user: TestUser): Promise<Mail[]> => (await mailsTo(user.email)).filter((m) => m.kind === 'message');

/** A verified renter of a Temporary Google activation who forwards by e-mail. */
async function forwardingRenter() {
  const user = await userWithBalance(50_00);
  expect((await as(user.idToken).put('/user/forwarding', { ...allOff, email: true })).status).toBe(200);
  return { user, rental: await rentOwn(user) };
}

describe('forwarding settings', () => {
  it('round-trips the switches; e-mail needs a verified address, the other channels a link; bad bodies are 400s', async () => {
    const user = await userWithBalance(0);
    expect(await forwarding(user)).toEqual({ ...allOff, telegram_linked: false, whatsapp_number: null, messenger_linked: false, push_subscriptions: 0 });

    const on = await as(user.idToken).put('/user/forwarding', { ...allOff, email: true });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    expect(forwardingReplySchema.parse(on.json).data).toMatchObject({ email: true, telegram: false });
    expect((await forwarding(user)).email).toBe(true);

    for (const channel of ['telegram', 'whatsapp', 'push'] as const) {
      const refused = expectError(await as(user.idToken).put('/user/forwarding', { ...allOff, email: true, [channel]: true }), 409, 'FORWARDING_NOT_LINKED');
      expect(refused.params).toEqual({ channel });
    }
    expect((await forwarding(user)).email).toBe(true); // a refusal changes nothing

    expectFieldErrors(await as(user.idToken).put('/user/forwarding', { email: true }), ['telegram', 'whatsapp', 'push']);
    expectFieldErrors(await as(user.idToken).put('/user/forwarding', { ...allOff, email: 'yes' }), ['email']);
    expectFieldErrors(await as(user.idToken).put('/user/forwarding', { ...allOff, sms: true }), ['sms']);
    expect((await as(user.idToken).put('/user/forwarding', allOff)).status).toBe(200);
    expect((await forwarding(user)).email).toBe(false);

    const unverified = await createUnverifiedUser();
    expectError(await as(unverified.idToken).put('/user/forwarding', { ...allOff, email: true }), 403, 'EMAIL_NOT_VERIFIED');
    expect((await as(unverified.idToken).put('/user/forwarding', allOff)).status).toBe(200);
    expect((await send('GET', '/user/forwarding')).status).toBe(401);
  });
});

describe('forwarding by e-mail', () => {
  it('an SMS reaches the mailbox within 5 s: the code in the subject, text and escaped HTML, the unsubscribe headers, and the status on the message', async () => {
    const { user, rental } = await forwardingRenter();
    const started = Date.now();
    await smsTo(rental.number, 'G-246810 is your Google verification code <script>alert(1)</script>');
    const [mail] = await until('the forwarded e-mail', async () => (await forwardedMails(user)).length > 0 && forwardedMails(user), 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mail!.subject).toBe('Google code 246810');
    expect(mail!.message).toContain('Code: 246810');
    expect(mail!.message).toContain('G-246810 is your Google verification code <script>alert(1)</script>');
    expect(mail!.html).toContain('246810');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${apiUrl}/api/unsubscribe/email\\?token=[^>]+>$`));
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const forwarded = await until('the sent status', async () => {
      const [message] = await messagesOf(user, rental);
      return message?.forwarding?.[0]?.status === 'sent' && message;
    });
    expect(forwarded.forwarding).toEqual([{ channel: 'email', status: 'sent', attempts: 1, updated_at: expect.any(String) }]);
  });

  it('sends exactly once per SMS and channel when the job is delivered again (and twice at once)', async () => {
    const { user, rental } = await forwardingRenter();
    await smsTo(rental.number, 'G-112233 is your Google verification code');
    const [message] = await until('the message', async () => (await messagesOf(user, rental)).length > 0 && messagesOf(user, rental));
    const job = { kind: 'forward', sub: user.sub, messageId: message!.id, channel: 'email' };
    const { handler } = await import('@numbernest/functions/jobs/deliver-webhook');
    const deliver = () => handler({ Records: [{ body: JSON.stringify(job), messageId: randomUUID() }] }, {} as never);
    // The same job twice at once (SQS delivers at least once), and again after it was sent.
    await Promise.all([deliver(), deliver()]);
    await until('the forwarded e-mail', async () => (await forwardedMails(user)).length > 0);
    await deliver();
    await queuesIdle();
    expect((await forwardedMails(user)).map((m) => m.subject)).toEqual(['Google code 112233']);
    const { findForwardRecord } = await import('@numbernest/core/messaging');
    expect(await findForwardRecord(job as { sub: string; messageId: string; channel: 'email' })).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a failed send is retried with backoff and sends once', async () => {
    const { user, rental } = await forwardingRenter();
    const outage = await fetch(`${apiUrl}/_local/ses/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: user.email, times: 1 }),
    });
    expect(outage.status).toBe(200);
    await smsTo(rental.number, 'G-445566 is your Google verification code');
    const failed = await until('the failed first attempt', async () => {
      const [message] = await messagesOf(user, rental);
      return message?.forwarding?.[0]?.attempts === 1 && message.forwarding[0];
    });
    expect(failed).toMatchObject({ channel: 'email', status: 'queued', attempts: 1, error: 'send-failed' });
    expect(await forwardedMails(user)).toEqual([]);

    const { retryDueForwards } = await import('@numbernest/core/messaging');
    await retryDueForwards(Date.now() + 3600_000 - 60_000); // the first retry is due (30 s after the failure)
    await until('the retried e-mail', async () => (await forwardedMails(user)).length > 0);
    await retryDueForwards(Date.now() + 3600_000); // nothing is due any more
    await queuesIdle();
    expect((await forwardedMails(user)).map((m) => m.subject)).toEqual(['Google code 445566']);
    const [message] = await messagesOf(user, rental);
    expect(message!.forwarding).toEqual([{ channel: 'email', status: 'sent', attempts: 2, updated_at: expect.any(String) }]);
  });

  it('the unsubscribe link turns e-mail forwarding off once without signing in; a reused, forged or damaged one is refused', async () => {
    const { user, rental } = await forwardingRenter();
    await smsTo(rental.number, 'G-778899 is your Google verification code');
    const [mail] = await until('the forwarded e-mail', async () => (await forwardedMails(user)).length > 0 && forwardedMails(user));
    const link = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    expect(mail!.message).toContain(link);
    const token = new URL(link).searchParams.get('token')!;

    const done = await fetch(link);
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toContain('text/html');
    expect(await done.text()).toContain('E-mail forwarding is off');
    expect((await forwarding(user)).email).toBe(false);

    const again = await fetch(link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already used');
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const otherSub = token.replace(/^e1\.[^.]+/, `e1.${Buffer.from(randomUUID()).toString('base64url')}`);
    for (const bad of [forged, otherSub, 'garbage', '', 'e1.a.b.c']) {
      const refused = await fetch(`${apiUrl}/api/unsubscribe/email?token=${encodeURIComponent(bad)}`);
      expect(refused.status, bad).toBe(403);
    }
    expect((await fetch(`${apiUrl}/api/unsubscribe/email`)).status).toBe(403);

    // Nothing more is forwarded.
    await smsTo(rental.number, 'G-101010 is your Google verification code');
    await until('the second message', async () => (await messagesOf(user, rental)).length === 2);
    await queuesIdle();
    expect(await forwardedMails(user)).toHaveLength(1);
    expect((await messagesOf(user, rental))[0]!.forwarding).toBeUndefined();

    // On again: the old link is out of date; the one-click POST (RFC 8058) of a new e-mail's link works.
    expect((await as(user.idToken).put('/user/forwarding', { ...allOff, email: true })).status).toBe(200);
    expect((await fetch(link)).status).toBe(400);
    await smsTo(rental.number, 'G-202020 is your Google verification code');
    const newest = await until('the next forwarded e-mail', async () => (await forwardedMails(user)).find((m) => m.subject === 'Google code 202020'));
    const newLink = /^<(.+)>$/.exec(newest.headers!['List-Unsubscribe']!)![1]!;
    expect(newLink).not.toBe(link);
    const oneClick = await fetch(newLink, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await forwarding(user)).email).toBe(false);
  });
});
