import { randomUUID } from 'node:crypto';
import { rentalReplySchema, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { seedCatalog } from '@numbernest/core/seed';
import { expect } from 'vitest';
import { apiUrl, send, type ApiReply } from './api';
import type { TestUser } from './auth-users';
import { ownPrivate, ownTemporary } from './own-numbers';

/**
 * Test-only: the user rents one of this test file's own numbers through the API (a Temporary
 * Google activation, or a week of a Private number), then SMS reach it through the local SMS
 * upstream (a signed Twilio webhook), as the channel tests drive a forwarded SMS.
 */
const google = seedCatalog.services.find((s) => s.slug === 'google')!;

/** POST /user/rentals as the web app sends it (a fresh idempotency key); the reply as it came. */
export function purchase(user: TestUser, request: PurchaseRequest): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(request),
  });
}

export async function buy(user: TestUser, request: PurchaseRequest): Promise<Rental> {
  const reply = await purchase(user, request);
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return rentalReplySchema.parse(reply.json).data;
}

export async function rentOwn(user: TestUser, type: 'temporary' | 'private' = 'temporary'): Promise<Rental> {
  const [request] = type === 'temporary' ? await ownTemporary(1, google.id) : await ownPrivate(1);
  return buy(user, request!);
}

/** One inbound SMS to a rented number (from Google: a sender Google's patterns name, unless said). */
export async function smsTo(to: string, body: string, from = 'Google'): Promise<void> {
  const response = await fetch(`${apiUrl}/_local/sms/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, from, body }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { status: number }).status).toBe(200);
}

/** Polls until `check` answers something truthy (within `ms`). */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
