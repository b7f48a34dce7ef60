import { apiUrl, expectError, expectFieldErrors } from './api'; // first: points this process at the local cloud
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sourceRulesReplySchema, upstreamReplySchema, upstreamsReplySchema, type Upstream } from '@numbernest/contracts';
import { auditReplySchema } from '@numbernest/contracts/ops';
import { listCountryItems, serviceCatalog } from '@numbernest/core/catalogue';
import { findUpstream } from '@numbernest/core/supply';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';

/**
 * Operators' registry of upstream providers (`/api/ops/upstreams`, `npm run ops -- add-upstream`):
 * added, changed, paused, resumed and removed, each audited; a name is unique; a URL passes the SSRF
 * guard; a key is never answered after adding, only its last 4 characters. And the source rules
 * (`/api/ops/source-rules`): a pin or exclusions per country and service.
 */

let operator: TestUser;
let customer: TestUser;
const ops = () => as(operator.idToken);

beforeAll(async () => {
  operator = await createOperator();
  customer = await userWithBalance();
}, 60_000);

/** A name no other test uses. */
const uniqueName = (base = 'Upstream') => `${base} ${randomUUID().slice(0, 8)}`;
/** An address on this machine (the local stage allows it); nothing is called there. */
const localUrl = () => `http://127.0.0.1:9/sms-activate-${randomUUID().slice(0, 8)}`;
const secretKey = () => `key-${randomUUID()}`;

async function add(body: Record<string, unknown>): Promise<Upstream> {
  const reply = await ops().post('/ops/upstreams', body);
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return upstreamReplySchema.parse(reply.json).data;
}

/** The 400 of a refused URL: the field `url` alone, its code UPSTREAM_URL_REFUSED with the reason (the message says it too). */
function expectUrlRefused(reply: Awaited<ReturnType<ReturnType<typeof as>['post']>>, reason: RegExp) {
  const error = expectError(reply, 400, 'VALIDATION_FAILED');
  expect(error.message).toMatch(/^This URL cannot be an upstream's address: /);
  expect(Object.keys(error.fields ?? {})).toEqual(['url']);
  expect(error.fields?.url?.[0]).toMatchObject({ code: 'UPSTREAM_URL_REFUSED', params: { reason: expect.stringMatching(reason) } });
}

async function auditOf(action: string, targetId: string) {
  const reply = await ops().get('/ops/audit?limit=200');
  expect(reply.status).toBe(200);
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.target.id === targetId);
}

describe('/api/ops/upstreams', () => {
  it('adds an upstream (defaults: USD at 1, 10 % margin), lists it, and never answers its key', async () => {
    const name = uniqueName('HeroSMS');
    const key = secretKey();
    const url = localUrl();
    const added = await add({ kind: 'sms-activate', name, url: `${url}/`, key });
    expect(added).toMatchObject({
      name,
      kind: 'sms-activate',
      url,
      state: 'active',
      currency: 'USD',
      rate: 1,
      min_margin_percent: 10,
      key_hint: key.slice(-4),
      balance: null,
      balance_usd: null,
      spend: 0,
      stock: 0,
      purchases: 0,
      codes: 0,
      last_sync_at: null,
      last_error: null,
    });
    expect(added.id).toMatch(/^[0-9a-z]{9}[0-9a-f]{16}$/);
    // Stored as it is: it is sent on every call.
    expect((await findUpstream(added.id))?.key).toBe(key);

    const listed = await ops().get('/ops/upstreams');
    expect(listed.status).toBe(200);
    expect(upstreamsReplySchema.parse(listed.json).data.find((u) => u.id === added.id)).toEqual(added);
    expect(JSON.stringify(listed.json)).not.toContain(key);

    const [entry] = await auditOf('upstream.add', added.id);
    expect(entry).toMatchObject({ operator: { sub: operator.sub }, after: { name, kind: 'sms-activate', url, currency: 'USD', rate: '1' } });
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it('a second upstream of the same name, whatever its case, is a 409', async () => {
    const name = uniqueName('Grizzly');
    await add({ kind: 'sms-activate', name, url: localUrl(), key: secretKey() });
    expectError(await ops().post('/ops/upstreams', { kind: '5sim', name: name.toUpperCase(), url: localUrl(), key: secretKey() }), 409, 'UPSTREAM_NAME_TAKEN');
  });

  it('refuses a private URL with a field error, and bad rates, names, kinds and margins with theirs', async () => {
    const base = { kind: '5sim', name: uniqueName('5sim'), key: secretKey() };
    expectUrlRefused(await ops().post('/ops/upstreams', { ...base, url: 'http://169.254.169.254/' }), /private address/);
    expectUrlRefused(await ops().post('/ops/upstreams', { ...base, url: 'ftp://example.com/' }), /http or https/);

    for (const rate of ['0', '-1', '1.1234567', 'abc', '1e3'])
      expectFieldErrors(await ops().post('/ops/upstreams', { ...base, url: localUrl(), currency: 'RUB', rate }), ['rate']);
    // Another currency than dollars needs its rate.
    expect(expectFieldErrors(await ops().post('/ops/upstreams', { ...base, url: localUrl(), currency: 'RUB' }), ['rate']).fields?.rate?.[0]?.code).toBe(
      'REQUIRED',
    );
    expectFieldErrors(await ops().post('/ops/upstreams', { ...base, url: localUrl(), name: 'x'.repeat(41) }), ['name']);
    expectFieldErrors(await ops().post('/ops/upstreams', { ...base, url: localUrl(), kind: 'smshub' }), ['kind']);
    expectFieldErrors(await ops().post('/ops/upstreams', { ...base, url: localUrl(), min_margin_percent: 95 }), ['min_margin_percent']);
    expectFieldErrors(await ops().post('/ops/upstreams', { ...base, url: localUrl(), key: 'has spaces in it' }), ['key']);
  });

  it('is for operators only', async () => {
    const customerApi = as(customer.idToken);
    expectError(await customerApi.get('/ops/upstreams'), 403, 'OPERATORS_ONLY');
    expectError(await customerApi.post('/ops/upstreams', { kind: '5sim', name: uniqueName(), url: localUrl(), key: secretKey() }), 403, 'OPERATORS_ONLY');
    expectError(await customerApi.put('/ops/source-rules', { country_id: 1, service_id: null, pin: 'own' }), 403, 'OPERATORS_ONLY');
  });

  it('updates name, URL, key, currency and rate, margin; pauses and resumes; each audited, the key never shown', async () => {
    const added = await add({ kind: '5sim', name: uniqueName('5sim'), url: localUrl(), key: secretKey(), currency: 'RUB', rate: '0.0109' });
    expect(added).toMatchObject({ currency: 'RUB', rate: 0.0109 });
    const newName = uniqueName('5sim renamed');
    const newKey = secretKey();
    const newUrl = localUrl();
    const updated = await ops().patch(`/ops/upstreams/${added.id}`, { name: newName, url: newUrl, key: newKey, rate: '0.011000', min_margin_percent: 12.5 });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(upstreamReplySchema.parse(updated.json).data).toMatchObject({
      name: newName,
      url: newUrl,
      rate: 0.011,
      min_margin_percent: 12.5,
      key_hint: newKey.slice(-4),
    });
    expect(JSON.stringify(updated.json)).not.toContain(newKey);
    expect((await findUpstream(added.id))?.key).toBe(newKey);
    // The old name is free again, the new one taken.
    await add({ kind: '5sim', name: added.name, url: localUrl(), key: secretKey() });
    expectError(await ops().post('/ops/upstreams', { kind: '5sim', name: newName, url: localUrl(), key: secretKey() }), 409, 'UPSTREAM_NAME_TAKEN');
    expectError(await ops().patch(`/ops/upstreams/${added.id}`, { name: added.name }), 409, 'UPSTREAM_NAME_TAKEN');
    expectUrlRefused(await ops().patch(`/ops/upstreams/${added.id}`, { url: 'http://10.0.0.1/' }), /private address/);
    expectFieldErrors(await ops().patch(`/ops/upstreams/${added.id}`, { currency: 'USD' }), ['rate']);

    const [update] = await auditOf('upstream.update', added.id);
    expect(update).toMatchObject({
      before: { name: added.name, rate: '0.0109' },
      after: { name: newName, rate: '0.011', min_margin_percent: 12.5, key_changed: true },
    });
    expect(JSON.stringify(update)).not.toContain(newKey);

    const paused = upstreamReplySchema.parse((await ops().patch(`/ops/upstreams/${added.id}`, { paused: true })).json).data;
    expect(paused.state).toBe('paused');
    expect((await auditOf('upstream.pause', added.id))[0]).toMatchObject({ before: { state: 'active' }, after: { state: 'paused' } });
    const resumed = upstreamReplySchema.parse((await ops().patch(`/ops/upstreams/${added.id}`, { paused: false })).json).data;
    expect(resumed.state).toBe('active');
    expect(await auditOf('upstream.resume', added.id)).toHaveLength(1);
    expectError(await ops().patch('/ops/upstreams/000000000ffffffffffffffff', { paused: true }), 404, 'UPSTREAM_NOT_FOUND');
  });

  it('removes an upstream: gone from the list, its name free, audited; a second remove is a 404', async () => {
    const added = await add({ kind: 'sms-activate', name: uniqueName('DaisySMS'), url: localUrl(), key: secretKey() });
    const removed = await ops().delete(`/ops/upstreams/${added.id}`);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(upstreamReplySchema.parse(removed.json).data.state).toBe('removed');
    expect(upstreamsReplySchema.parse((await ops().get('/ops/upstreams')).json).data.some((u) => u.id === added.id)).toBe(false);
    expect((await findUpstream(added.id))?.removedAt).toBeTruthy();
    expect(await auditOf('upstream.remove', added.id)).toHaveLength(1);
    expectError(await ops().delete(`/ops/upstreams/${added.id}`), 404, 'UPSTREAM_NOT_FOUND');
    expectError(await ops().patch(`/ops/upstreams/${added.id}`, { paused: true }), 404, 'UPSTREAM_NOT_FOUND');
    await add({ kind: 'sms-activate', name: added.name, url: localUrl(), key: secretKey() });
  });
});

describe('/api/ops/source-rules', () => {
  it('pins a source for a country and service, excludes sources for a country, removes a rule; names known sources only; audited', async () => {
    const upstream = await add({ kind: 'sms-activate', name: uniqueName('SMSHub'), url: localUrl(), key: secretKey() });
    const source = `upstream:${upstream.id}`;
    const country = (await listCountryItems()).find((c) => c.iso === 'fr') ?? (await listCountryItems())[0]!;
    const service = [...(await serviceCatalog()).byId.values()][0]!;

    const first = await ops().get('/ops/source-rules');
    expect(first.status).toBe(200);
    const sources = sourceRulesReplySchema.parse(first.json).data.sources;
    expect(sources[0]).toEqual({ source: 'own', kind: 'own', name: 'Our numbers' });
    expect(sources).toContainEqual({ source, kind: 'upstream', name: upstream.name });

    const pinned = await ops().put('/ops/source-rules', { country_id: country.id, service_id: service.id, pin: source });
    expect(pinned.status, JSON.stringify(pinned.json)).toBe(200);
    expect(sourceRulesReplySchema.parse(pinned.json).data.rules).toContainEqual({
      country_id: country.id,
      country_name: country.name,
      service_id: service.id,
      service_name: service.name,
      pin: source,
      exclude: [],
    });
    const excluded = sourceRulesReplySchema.parse(
      (await ops().put('/ops/source-rules', { country_id: country.id, service_id: null, exclude: ['own', source] })).json,
    );
    const rules = excluded.data.rules.filter((r) => r.country_id === country.id);
    expect(rules.map((r) => [r.service_id, r.pin, r.exclude])).toEqual([
      [null, null, ['own', source]],
      [service.id, source, []],
    ]);
    expect(excluded.data.edited_by).toBe(operator.email);
    const { readSourceRules, applySourceRules } = await import('@numbernest/core/supply');
    const stored = (await readSourceRules(true)).rules;
    expect(applySourceRules(stored, country.id, service.id, ['own', source])).toEqual([source]);
    expect(applySourceRules(stored, country.id, service.id + 100_000, ['own', source, 'agent:000000000aaaaaaaaaaaaaaaa'])).toEqual([
      'agent:000000000aaaaaaaaaaaaaaaa',
    ]);

    const unknown = `upstream:000000000${'f'.repeat(16)}`;
    expect(
      expectFieldErrors(await ops().put('/ops/source-rules', { country_id: country.id, service_id: null, pin: unknown }), ['pin']).fields?.pin?.[0],
    ).toMatchObject({
      code: 'UNKNOWN_SOURCE',
    });
    expectFieldErrors(await ops().put('/ops/source-rules', { country_id: country.id, service_id: null, pin: 'someone' }), ['pin']);
    expectFieldErrors(await ops().put('/ops/source-rules', { country_id: country.id, service_id: null, pin: 'own', exclude: [source] }), ['exclude']);
    expectFieldErrors(await ops().put('/ops/source-rules', { country_id: 999_999_999, service_id: null, pin: 'own' }), ['country_id']);

    const removed = sourceRulesReplySchema.parse((await ops().put('/ops/source-rules', { country_id: country.id, service_id: service.id, pin: null })).json);
    expect(removed.data.rules.filter((r) => r.country_id === country.id).map((r) => r.service_id)).toEqual([null]);
    await ops().put('/ops/source-rules', { country_id: country.id, service_id: null, exclude: [] });

    const target = `${country.id}/${service.id}`;
    expect((await auditOf('source-rule.set', target))[0]).toMatchObject({ before: null, after: { countryId: country.id, serviceId: service.id, pin: source } });
    expect((await auditOf('source-rule.remove', target))[0]).toMatchObject({ before: { pin: source }, after: null });
  });
});

describe('npm run ops', () => {
  const root = join(import.meta.dirname, '../../..');
  /** The ops script as `npm run ops -- …` runs it, on this local cloud's table (its environment names the table). */
  const runOps = (...args: string[]) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/src/ops.ts', ...args], { cwd: root, env: process.env, timeout: 60_000 });

  it('add-upstream, upstreams --json (one array of {id, name, kind, url, state, balance, account, spend, rate}), pause-, resume- and remove-upstream', async () => {
    expect(apiUrl).toBeTruthy();
    const name = uniqueName('Cli');
    const key = secretKey();
    const url = localUrl();
    const added = await runOps(
      'add-upstream',
      '--kind',
      '5sim',
      '--name',
      name,
      '--url',
      url,
      '--key',
      key,
      '--currency',
      'RUB',
      '--rate',
      '0.0109',
      '--min-margin',
      '15',
    );
    const id = /^id {2}(\S+)$/m.exec(added.stdout)?.[1];
    expect(id, added.stdout).toMatch(/^[0-9a-z]{9}[0-9a-f]{16}$/);
    expect(added.stdout).not.toContain(key);
    expect(await findUpstream(id!)).toMatchObject({ name, kind: '5sim', url, key, currency: 'RUB', rate: '0.0109', minMarginPercent: 15 });
    await expect(runOps('add-upstream', '--kind', '5sim', '--name', uniqueName(), '--url', 'http://169.254.169.254/', '--key', key)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('url: '),
    });
    await expect(runOps('add-upstream', '--kind', '5sim', '--name', name, '--url', url, '--key', key)).rejects.toMatchObject({ code: 1 });

    // What the sync and the purchases will fill.
    const { updateItem } = await import('@numbernest/core/db');
    const { upstreamItem } = await import('../../core/src/shared/db/items/upstreams');
    await updateItem(upstreamItem, { id: id! }, { set: { balance: '1000.50', spendCents: 1234 } });

    const rowOf = async () => {
      const listed = await runOps('upstreams', '--json');
      const rows = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
      expect(Array.isArray(rows)).toBe(true);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['account', 'balance', 'id', 'kind', 'name', 'rate', 'spend', 'state', 'url']);
      expect(listed.stdout).not.toContain(key);
      return rows.find((row) => row.id === id);
    };
    // The balance in dollars: 1000.50 RUB at 0.0109 = $10.905… floored to $10.90.
    expect(await rowOf()).toEqual({ id, name, kind: '5sim', url, state: 'active', balance: 10.9, account: 0, spend: 12.34, rate: 0.0109 });
    const table = await runOps('upstreams');
    expect(table.stdout).toContain(name);

    expect((await runOps('pause-upstream', name.toLowerCase())).stdout).toContain('paused');
    expect((await rowOf())?.state).toBe('paused');
    expect((await runOps('resume-upstream', id!)).stdout).toContain('active');
    expect((await rowOf())?.state).toBe('active');
    expect((await runOps('remove-upstream', name)).stdout).toContain('removed');
    expect(await rowOf()).toBeUndefined();
    await expect(runOps('remove-upstream', name)).rejects.toMatchObject({ code: 1 });
  }, 180_000);
});
