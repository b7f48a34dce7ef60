import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Resolver } from '../../shared/ssrf';
import { agentState, checkAgentUrl, generateAgentKey, hashAgentKey, toAgentView, toOpsAgentView, type AgentItem } from './registry';

/** The registry's pure rules on made-up agents; its storage is tested through the API (packages/functions/test/partners.test.ts). */

const agent = (overrides: Partial<AgentItem> = {}): AgentItem => ({
  id: '0m1abcdef0123456789abcdef',
  partnerSub: 'partner-sub',
  name: 'Rack 1',
  url: 'https://sim-bank.example/smshub',
  key: 'the-protocol-key-0123456789',
  createdAt: '2026-03-06T10:00:00.000Z',
  createdBy: 'partner@example.com',
  ...overrides,
});

const now = new Date('2026-03-06T12:00:00.000Z');
const by = { sub: 'op', email: 'op@example.com' };

describe('agentState', () => {
  it('is active without marks, paused by its partner, over-reporting while the platform says so, blocked above all', () => {
    expect(agentState(agent(), now)).toBe('active');
    expect(agentState(agent({ pausedAt: '2026-03-06T11:00:00.000Z' }), now)).toBe('paused');
    expect(agentState(agent({ overReportingUntil: '2026-03-06T12:30:00.000Z', pausedAt: '2026-03-06T11:00:00.000Z' }), now)).toBe('over-reporting');
    expect(agentState(agent({ overReportingUntil: '2026-03-06T11:59:59.999Z' }), now)).toBe('active');
    expect(agentState(agent({ overReportingUntil: '2026-03-06T12:30:00.000Z', blocked: { reason: 'no', at: now.toISOString(), by } }), now)).toBe('blocked');
  });
});

describe('toAgentView', () => {
  it('never carries the key; totals default to 0, earnings in dollars', () => {
    const view = toAgentView(agent({ stockTotal: 60, soldCount: 3, earnedCents: 1234, lastPollAt: now.toISOString(), lastLatencyMs: 42 }), now);
    expect(JSON.stringify(view)).not.toContain('the-protocol-key');
    expect(view).toMatchObject({ state: 'active', stock: 60, sold: 3, earned: 12.34, last_poll_at: now.toISOString(), last_latency_ms: 42, last_error: null });
    expect(toAgentView(agent(), now)).toMatchObject({ stock: 0, sold: 0, earned: 0, blocked_reason: null, over_reporting_until: null });
  });

  it('says why it is blocked, and until when it is over-reporting only while it is', () => {
    expect(toAgentView(agent({ blocked: { reason: 'Lies about stock', at: now.toISOString(), by } }), now).blocked_reason).toBe('Lies about stock');
    expect(toAgentView(agent({ overReportingUntil: '2026-03-06T12:30:00.000Z' }), now).over_reporting_until).toBe('2026-03-06T12:30:00.000Z');
    expect(toAgentView(agent({ overReportingUntil: '2026-03-06T11:30:00.000Z' }), now).over_reporting_until).toBeNull();
  });
});

describe('checkAgentUrl (the SSRF guard, http allowed)', () => {
  const resolves =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address }));
  const problemOf = async (url: string, local: boolean, resolve: Resolver = resolves('93.184.216.34')) =>
    (await checkAgentUrl(url, { local, resolve })).problem;

  it('accepts http and https to a public host, and answers the checked addresses', async () => {
    expect(await problemOf('http://sim-bank.example:8080/smshub', false)).toBeNull();
    expect(await problemOf('https://sim-bank.example/smshub.php', false)).toBeNull();
    expect(await checkAgentUrl('http://203.0.114.7/agent', { local: false })).toEqual({ problem: null, addresses: [{ address: '203.0.114.7', family: 4 }] });
  });

  it('refuses other schemes, credentials, and what is not a URL', async () => {
    expect(await problemOf('ftp://sim-bank.example/', false)).toBe('The URL must use http or https');
    expect(await problemOf('file:///etc/passwd', true)).toBe('The URL must use http or https');
    expect(await problemOf('http://user:pass@sim-bank.example/', false)).toBe('The URL must not contain credentials');
    expect(await problemOf('sim-bank.example', false)).toBe('Not a valid URL');
  });

  it('refuses loopback, link-local, private and metadata addresses on a stage, and names resolving to one', async () => {
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost/', 'http://[::1]/', 'http://169.254.169.254/', 'http://10.0.0.1/', 'http://[fd00::1]/'])
      expect(await problemOf(url, false), url).toBe('The URL points to a private address');
    expect(await problemOf('http://sim-bank.example/', false, resolves('192.168.0.7'))).toBe('The URL points to a private address');
    expect(await problemOf('http://sim-bank.example/', false, resolves('93.184.216.34', '::ffff:10.0.0.1'))).toBe('The URL points to a private address');
    expect(await problemOf('http://sim-bank.example/', false, resolves())).toBe('The host does not resolve');
  });

  it('locally allows this machine (and only loopback there), still refuses the rest', async () => {
    expect(await problemOf('http://127.0.0.1:8080/smshub', true)).toBeNull();
    expect(await problemOf('http://localhost:8080/smshub', true, resolves('127.0.0.1'))).toBeNull();
    expect(await problemOf('http://localhost:8080/smshub', true, resolves('10.0.0.1'))).toBe('The URL points to a private address');
    expect(await problemOf('http://169.254.169.254/', true)).toBe('The URL points to a private address');
    expect(await problemOf('http://10.0.0.1/', true)).toBe('The URL points to a private address');
  });
});

describe('protocol keys', () => {
  it('are 32 random bytes in base64url, and found by their SHA-256', () => {
    const key = generateAgentKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(generateAgentKey()).not.toBe(key);
    expect(hashAgentKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
  });
});

describe('toOpsAgentView', () => {
  it('adds the partner and what the agent last reported that could not be placed (none before its first poll)', () => {
    const partner = { sub: 'partner-sub', email: 'bank@example.com' };
    expect(toOpsAgentView(agent(), partner, now)).toMatchObject({ partner, unknown_countries: [], unknown_services: [] });
    const view = toOpsAgentView(agent({ unknownCountries: ['atlantis'], unknownServices: ['xx', 'zz'] }), partner, now);
    expect(view).toMatchObject({ id: agent().id, state: 'active', unknown_countries: ['atlantis'], unknown_services: ['xx', 'zz'] });
    expect(JSON.stringify(view)).not.toContain('the-protocol-key');
  });
});
