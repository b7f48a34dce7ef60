import { describe, expect, it } from 'vitest';
import { isInternalAddress, webhookUrlProblem, type Resolver } from './ssrf';
import { backoffMs, signWebhook } from './webhooks';

const resolves = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address }));
const deployed = (resolve: Resolver) => ({ local: false, resolve });

describe('webhook URL check (SSRF)', () => {
  it('knows internal addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '224.0.0.1']) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) expect(isInternalAddress(a), a).toBe(false);
  });

  it('on a deployed stage refuses private IP literals and hosts resolving (any address) into private ranges', async () => {
    const publicDns = resolves('93.184.216.34');
    expect(await webhookUrlProblem('https://example.com/hook', deployed(publicDns))).toBeNull();
    expect(await webhookUrlProblem('https://93.184.216.34/hook', deployed(publicDns))).toBeNull();
    for (const url of ['https://127.0.0.1/x', 'https://10.0.0.5/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://localhost/x', 'https://0x7f000001/x']) {
      expect(await webhookUrlProblem(url, deployed(publicDns)), url).toBe('The URL points to a private address');
    }
    expect(await webhookUrlProblem('https://rebind.example/x', deployed(resolves('93.184.216.34', '10.0.0.1')))).toBe('The URL points to a private address');
    expect(await webhookUrlProblem('https://internal.example/x', deployed(resolves('192.168.0.10')))).toBe('The URL points to a private address');
    expect(await webhookUrlProblem('https://nowhere.example/x', deployed(async () => Promise.reject(new Error('ENOTFOUND'))))).toBe('The host does not resolve');
    expect(await webhookUrlProblem('http://example.com/x', deployed(publicDns))).toBe('The URL must use https');
    expect(await webhookUrlProblem('http://127.0.0.1:3000/x', deployed(publicDns))).toBe('The URL must use https');
  });

  it('locally allows http to localhost/127.0.0.1 only, and resolves nothing', async () => {
    const never: Resolver = async () => {
      throw new Error('must not resolve');
    };
    expect(await webhookUrlProblem('http://127.0.0.1:4000/hook', { local: true, resolve: never })).toBeNull();
    expect(await webhookUrlProblem('http://localhost:4000/hook', { local: true, resolve: never })).toBeNull();
    expect(await webhookUrlProblem('http://example.com/hook', { local: true, resolve: never })).toBe('The URL must use https');
    expect(await webhookUrlProblem('ftp://127.0.0.1/x', { local: true })).toBe('The URL must use https');
    expect(await webhookUrlProblem('nope', { local: true })).toBe('Not a valid URL');
  });
});

describe('webhook signature and backoff', () => {
  it('signs t.body with HMAC-SHA256', () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signWebhook('whsec_test', '{"a":1}', 1700000000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(signWebhook('whsec_test', '{"a":1}', 1700000000)).not.toBe(signWebhook('whsec_test', '{"a":2}', 1700000000));
  });
  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3600_000);
  });
});
