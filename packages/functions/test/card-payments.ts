/**
 * Card payments in the Stripe sandbox, as a customer and their bank would make them: a top-up paid
 * through the sandbox's checkout, and a dispute of it (the sandbox posts Stripe's signed events to
 * the webhook). Import './api' before this module.
 */
import { createTopUpReplySchema } from '@numbernest/contracts';
import { paymentIntentOfSession } from '@numbernest/local/payments/stripe';
import { expect } from 'vitest';
import { apiUrl } from './api';
import { as, type TestUser } from './auth-users';

/** A Stripe top-up paid through the sandbox's checkout (Pay posts the signed event): its id and payment intent. */
export async function cardTopUp(user: TestUser, dollars: number): Promise<{ topUpId: string; paymentIntent: string }> {
  const created = await as(user.idToken).post('/user/top-ups', { amount: dollars, provider: 'stripe' });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { id, checkout } = createTopUpReplySchema.parse(created.json).data;
  const paid = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status, await paid.clone().text()).toBe(303);
  return { topUpId: id, paymentIntent: paymentIntentOfSession(checkout.url.split('/').at(-1)!) };
}

/** A button of the sandbox's payments page (/_local/stripe/payments…): 303 back to the page when the app took the event. */
export async function sandboxAction(path: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(`${apiUrl}/_local/stripe/${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

/** The bank disputes the payment (all of it, or `dollars`): the dispute's id. */
export async function dispute(paymentIntent: string, dollars?: string): Promise<string> {
  const reply = await sandboxAction(`payments/${paymentIntent}/dispute`, dollars ? { amount: dollars } : {});
  expect(reply.status, await reply.clone().text()).toBe(303);
  const page = await (await fetch(`${apiUrl}/_local/stripe/payments`)).text();
  const ids = [...page.matchAll(new RegExp(`data-payment="${paymentIntent}"[\\s\\S]*?</section>`, 'g'))].flatMap((m) =>
    [...m[0].matchAll(/data-dispute="(dp_\w+)"/g)].map((d) => d[1]!),
  );
  return ids.at(-1)!;
}
