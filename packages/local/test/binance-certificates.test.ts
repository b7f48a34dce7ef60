import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SignatureError, UpstreamError } from '@numbernest/core/errors';
import { adapters, certificateBackoffMs, settleNotification } from '@numbernest/core/money';
import { binanceNotification, createBinanceSandbox } from '../src/payments/binance';
import { startSandboxServer } from './payment-sandbox-server';

/*
 * Binance's certificate API down: the sandbox plays Binance, and this wrapper takes its
 * certificate endpoint down on demand and counts the requests that reach it. A file of its own
 * (and so its own key cache): vitest isolates test files.
 */
const adapter = adapters.binance;
const binanceApi = { down: true, certificateRequests: 0 };
const server = await startSandboxServer(
  [adapter],
  [
    (context) => {
      const sandbox = createBinanceSandbox(context);
      return {
        provider: 'binance',
        async handle(req, res, url) {
          if (url.pathname.endsWith('/binancepay/openapi/certificates')) {
            binanceApi.certificateRequests++;
            if (binanceApi.down) {
              res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
              return true;
            }
          }
          return sandbox.handle(req, res, url);
        },
      };
    },
  ],
);
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

const topUpId = 'lx0binance0002';
const notification = () => binanceNotification({ topUpId, amountCents: 1000, sentAt: Date.now() });
const parse = () => adapter.parseNotification({ ...notification(), query: {} });

describe('Binance certificates while Binance is down', () => {
  it('back off exponentially from 5 s to at most 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(certificateBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    expect(certificateBackoffMs(50)).toBe(300_000);
  });

  it('are fetched once per backoff step, not once per notification; notifications meanwhile are answered 503; then verify again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    await expect(parse()).rejects.toThrow(UpstreamError);
    expect(binanceApi.certificateRequests).toBe(1);
    for (let i = 0; i < 20; i++) await expect(parse()).rejects.toThrow(UpstreamError);
    expect(binanceApi.certificateRequests).toBe(1);
    // Settling answers Binance a 503, so it delivers the notification again later; nothing was looked up.
    const { reply, outcome } = await settleNotification('binance', { ...notification(), query: {} });
    expect(outcome).toBe('unavailable');
    expect(reply.statusCode).toBe(503);
    expect(JSON.parse(reply.body)).toEqual({ returnCode: 'FAIL', returnMessage: 'Cannot verify the notification right now; retry later' });

    // Each failure doubles the wait: the API is asked again only once each wait is over.
    let asked = 1;
    for (const waited of [5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]) {
      vi.setSystemTime(Date.now() + waited - 1);
      await expect(parse()).rejects.toThrow(UpstreamError);
      expect(binanceApi.certificateRequests, `before ${waited} ms`).toBe(asked);
      vi.setSystemTime(Date.now() + 1);
      await expect(parse()).rejects.toThrow(UpstreamError);
      expect(binanceApi.certificateRequests, `after ${waited} ms`).toBe(++asked);
    }

    // Binance is back: after the current wait the keys are fetched and notifications verify, with no further fetches.
    binanceApi.down = false;
    vi.setSystemTime(Date.now() + 300_000);
    expect(await parse()).toMatchObject({ kind: 'paid', topUpId, amountCents: 1000 });
    for (let i = 0; i < 5; i++) expect(await parse()).toMatchObject({ kind: 'paid' });
    expect(binanceApi.certificateRequests).toBe(asked + 1);
    // An unknown serial right after a good fetch is refused as a forgery, without asking Binance.
    await expect(
      adapter.parseNotification({ ...notification(), headers: { ...notification().headers, 'binancepay-certificate-sn': 'forged' }, query: {} }),
    ).rejects.toThrow(SignatureError);
    expect(binanceApi.certificateRequests).toBe(asked + 1);
  });
});
