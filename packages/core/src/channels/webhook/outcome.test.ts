import { describe, expect, it } from 'vitest';
import { webhookRetryWindowMs } from './keys';
import { backoffMs, isTimeout, responseResult, webhookOutcome } from './outcome';

const createdAt = '2026-01-01T00:00:00.000Z';
const created = Date.parse(createdAt);

describe('an HTTP answer', () => {
  it('is delivered for any 2xx and an error naming the status otherwise (a redirect included)', () => {
    expect(responseResult(200)).toEqual({ statusCode: 200 });
    expect(responseResult(204)).toEqual({ statusCode: 204 });
    expect(responseResult(299)).toEqual({ statusCode: 299 });
    expect(responseResult(199)).toEqual({ statusCode: 199, error: 'HTTP 199' });
    expect(responseResult(301)).toEqual({ statusCode: 301, error: 'HTTP 301' });
    expect(responseResult(500)).toEqual({ statusCode: 500, error: 'HTTP 500' });
  });

  it('tells our timeouts from other failures', () => {
    expect(isTimeout(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe(true);
    expect(isTimeout(Object.assign(new Error('a'), { name: 'AbortError' }))).toBe(true);
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])
      expect(isTimeout(Object.assign(new Error(code), { code }))).toBe(true);
    expect(isTimeout(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isTimeout('not an error')).toBe(false);
    expect(isTimeout(undefined)).toBe(false);
  });
});

describe('webhookOutcome', () => {
  it('is delivered on success, counting the attempt and keeping the status code', () => {
    expect(webhookOutcome({ statusCode: 200 }, { attempts: 2, createdAt }, created + 60_000)).toEqual({ status: 'delivered', attempts: 3, statusCode: 200 });
  });

  it('is pending again after the backoff on an error, with or without a status code', () => {
    const now = created + 1_000;
    expect(webhookOutcome({ statusCode: 503, error: 'HTTP 503' }, { attempts: 0, createdAt }, now)).toEqual({
      status: 'pending',
      attempts: 1,
      statusCode: 503,
      lastError: 'HTTP 503',
      nextAttemptAt: now + 30_000,
    });
    const timedOut = webhookOutcome({ error: 'Timed out' }, { attempts: 3, createdAt }, now);
    expect(timedOut).toEqual({ status: 'pending', attempts: 4, lastError: 'Timed out', nextAttemptAt: now + backoffMs(4) });
    expect(timedOut).not.toHaveProperty('statusCode');
  });

  it('fails once the next try would fall outside 24 hours from the delivery’s creation, and not before', () => {
    const attempts = 10; // the 11th attempt's backoff is the hour cap
    const lastInWindow = created + webhookRetryWindowMs - backoffMs(attempts + 1);
    expect(webhookOutcome({ error: 'HTTP 500', statusCode: 500 }, { attempts, createdAt }, lastInWindow).status).toBe('pending');
    expect(webhookOutcome({ error: 'HTTP 500', statusCode: 500 }, { attempts, createdAt }, lastInWindow + 1)).toEqual({
      status: 'failed',
      attempts: attempts + 1,
      statusCode: 500,
      lastError: 'HTTP 500',
    });
  });

  it('keeps at most 300 characters of the error for the owner', () => {
    const outcome = webhookOutcome({ error: 'x'.repeat(500) }, { attempts: 0, createdAt }, created);
    expect(outcome.status).toBe('pending');
    expect(outcome.status !== 'delivered' && outcome.lastError).toHaveLength(300);
  });

  it('backs off 30 s, 1 min, 2 min … up to an hour', () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(8)).toBe(3600_000);
    expect(backoffMs(0)).toBe(30_000);
  });
});
