import { apiUrl, expectError } from './api'; // first: points this process at the local cloud
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  agentReplySchema,
  agentsReplySchema,
  agentWithKeyReplySchema,
  maxAgentsPerPartner,
  opsAgentsReplySchema,
  opsPartnerReplySchema,
  opsPartnersReplySchema,
  partnerSummaryReplySchema,
  revokedPartnerReplySchema,
  type Agent,
} from '@numbernest/contracts';
import { auditReplySchema, type AuditEntry } from '@numbernest/contracts/ops';
import type { Resolver } from '@numbernest/core/ssrf';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, call, userWithBalance, type TestUser } from './auth-users';
import { createOperator, createPartner, testGranter } from './operators';
import { serveSimBank } from './sim-bank';

/**
 * Partners (SIM-bank owners) and the registry of their agents (SMSHub agent protocol): operators give
 * and take the role, a partner adds and manages agents whose protocol key is shown once, every URL
 * goes through the SSRF guard, the platform finds an agent by its key, operators block and unblock
 * agents with audit entries, and `npm run ops -- agents --json` lists them for tools.
 */

let operator: TestUser;
beforeAll(async () => {
  operator = await createOperator();
}, 60_000);

const ops = () => as(operator.idToken);
const patch = (user: TestUser, path: string, body: unknown) => call('PATCH', path, { token: user.idToken, body });

/** An agent URL on this machine (allowed locally: nothing needs to listen, nothing calls it here). */
const localUrl = (path = 'smshub') => `http://127.0.0.1:9/${path}-${randomUUID().slice(0, 8)}`;

async function addAgent(partner: TestUser, name = 'SIM bank', url = localUrl()) {
  const reply = await as(partner.idToken).post('/user/partner/agents', { name, url });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return agentWithKeyReplySchema.parse(reply.json);
}

const listAgents = async (partner: TestUser): Promise<{ agents: Agent[]; text: string }> => {
  const reply = await as(partner.idToken).get('/user/partner/agents');
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return { agents: agentsReplySchema.parse(reply.json).data, text: JSON.stringify(reply.json) };
};

async function auditOf(action: string, targetId: string): Promise<AuditEntry[]> {
  const reply = await ops().get('/ops/audit?limit=200');
  expect(reply.status).toBe(200);
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.target.id === targetId);
}

/** The 400 of a refused URL: the field `url`, its code AGENT_URL_REFUSED with the reason. */
function expectUrlRefused(reply: Awaited<ReturnType<typeof call>>, reason: RegExp) {
  const error = expectError(reply, 400, 'VALIDATION_FAILED');
  expect(Object.keys(error.fields ?? {})).toEqual(['url']);
  expect(error.fields!.url![0]).toMatchObject({ code: 'AGENT_URL_REFUSED', params: { reason: expect.stringMatching(reason) } });
  expect(error.message).toMatch(/^This URL cannot be an agent's address: /);
}

const findAgentByKey = async (key: string) => (await import('@numbernest/core/supply')).findAgentByKey(key);

describe('the partner role', () => {
  it('is given and taken by operators (idempotent, each audited); a revoked partner is refused at once', async () => {
    const user = await userWithBalance();
    expectError(await as(user.idToken).get('/user/partner'), 403, 'PARTNERS_ONLY');
    // Only operators give it.
    expectError(await as(user.idToken).post('/ops/partners', { email: user.email }), 403, 'OPERATORS_ONLY');
    expectError(await ops().post('/ops/partners', { email: `nobody-${randomUUID()}@example.com` }), 404, 'USER_NOT_FOUND');

    const granted = await ops().post('/ops/partners', { email: user.email.toUpperCase() });
    expect(granted.status, JSON.stringify(granted.json)).toBe(200);
    const partner = opsPartnerReplySchema.parse(granted.json).data;
    expect(partner).toEqual({ sub: user.sub, email: user.email, since: expect.any(String), agents: 0 });
    const again = opsPartnerReplySchema.parse((await ops().post('/ops/partners', { email: user.email })).json).data;
    expect(again).toEqual(partner);

    const summary = await as(user.idToken).get('/user/partner');
    expect(summary.status, JSON.stringify(summary.json)).toBe(200);
    expect(partnerSummaryReplySchema.parse(summary.json).data).toEqual({ since: partner.since, agents: 0, max_agents: maxAgentsPerPartner });
    const listed = opsPartnersReplySchema.parse((await ops().get('/ops/partners')).json).data;
    expect(listed.filter((p) => p.sub === user.sub)).toEqual([partner]);

    const revoked = await ops().delete(`/ops/partners/${user.sub}`);
    expect(revoked.status, JSON.stringify(revoked.json)).toBe(200);
    expect(revokedPartnerReplySchema.parse(revoked.json).data).toEqual({ sub: user.sub, email: user.email });
    expectError(await as(user.idToken).get('/user/partner'), 403, 'PARTNERS_ONLY');
    expect((await ops().delete(`/ops/partners/${user.sub}`)).status).toBe(200);
    expect(opsPartnersReplySchema.parse((await ops().get('/ops/partners')).json).data.some((p) => p.sub === user.sub)).toBe(false);
    expectError(await ops().delete('/ops/partners/00000000-0000-0000-0000-000000000000'), 404, 'USER_NOT_FOUND');

    const grants = await auditOf('partner.grant', user.sub);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ operator: { sub: operator.sub, email: operator.email }, before: { partner: false }, after: { partner: true } });
    const revokes = await auditOf('partner.revoke', user.sub);
    expect(revokes).toHaveLength(1);
    expect(revokes[0]).toMatchObject({ operator: { sub: operator.sub }, before: { partner: true }, after: { partner: false } });
  });

  it('guards every partner route: a customer who is not a partner gets 403 PARTNERS_ONLY', async () => {
    const customer = await userWithBalance();
    const agent = (await addAgent(await createPartner())).data;
    const api = as(customer.idToken);
    for (const reply of [
      await api.get('/user/partner'),
      await api.get('/user/partner/agents'),
      await api.post('/user/partner/agents', { name: 'Mine', url: localUrl() }),
      await patch(customer, `/user/partner/agents/${agent.id}`, { name: 'Mine' }),
      await api.post(`/user/partner/agents/${agent.id}/key`),
      await api.delete(`/user/partner/agents/${agent.id}`),
    ])
      expectError(reply, 403, 'PARTNERS_ONLY');
  });
});

describe("a partner's agents", () => {
  it('are added, listed, renamed, paused, resumed, re-keyed and removed; the key is shown once and found by findAgentByKey until it changes', async () => {
    const partner = await createPartner();
    const url = localUrl();
    const created = await addAgent(partner, '  Bank one  ', url);
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({ name: 'Bank one', url, state: 'active', blocked_reason: null, stock: 0, sold: 0, earned: 0, last_poll_at: null });
    expect(Object.keys(created.data)).not.toContain('key');
    const id = created.data.id;

    const first = await listAgents(partner);
    expect(first.agents).toEqual([created.data]);
    expect(first.text).not.toContain(created.key);
    expect(partnerSummaryReplySchema.parse((await as(partner.idToken).get('/user/partner')).json).data.agents).toBe(1);
    expect((await findAgentByKey(created.key))?.id).toBe(id);
    expect(await findAgentByKey(`${created.key.slice(0, -1)}${created.key.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await findAgentByKey('')).toBeUndefined();

    const renamed = await patch(partner, `/user/partner/agents/${id}`, { name: 'Bank 2' });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(agentReplySchema.parse(renamed.json).data).toMatchObject({ id, name: 'Bank 2', url, state: 'active' });
    const paused = agentReplySchema.parse((await patch(partner, `/user/partner/agents/${id}`, { paused: true })).json).data;
    expect(paused.state).toBe('paused');
    const newUrl = localUrl('v2');
    const moved = agentReplySchema.parse((await patch(partner, `/user/partner/agents/${id}`, { url: newUrl, paused: false })).json).data;
    expect(moved).toMatchObject({ state: 'active', url: newUrl, name: 'Bank 2' });
    expectError(await patch(partner, `/user/partner/agents/${id}`, {}), 400, 'VALIDATION_FAILED');

    // Another partner sees none of it.
    const other = await createPartner();
    expect((await listAgents(other)).agents).toEqual([]);
    expectError(await patch(other, `/user/partner/agents/${id}`, { name: 'Taken' }), 404, 'AGENT_NOT_FOUND');
    expectError(await as(other.idToken).post(`/user/partner/agents/${id}/key`), 404, 'AGENT_NOT_FOUND');
    expectError(await as(other.idToken).delete(`/user/partner/agents/${id}`), 404, 'AGENT_NOT_FOUND');

    const rotated = await as(partner.idToken).post(`/user/partner/agents/${id}/key`);
    expect(rotated.status, JSON.stringify(rotated.json)).toBe(200);
    const { key: newKey, data: rekeyed } = agentWithKeyReplySchema.parse(rotated.json);
    expect(newKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newKey).not.toBe(created.key);
    expect(rekeyed).toMatchObject({ id, name: 'Bank 2', url: newUrl });
    expect(await findAgentByKey(created.key)).toBeUndefined();
    expect((await findAgentByKey(newKey))?.id).toBe(id);
    const afterRotation = await listAgents(partner);
    expect(afterRotation.text).not.toContain(newKey);
    expect(afterRotation.text).not.toContain(created.key);
    const opsList = await ops().get('/ops/agents');
    expect(JSON.stringify(opsList.json)).not.toContain(newKey);

    const removed = await as(partner.idToken).delete(`/user/partner/agents/${id}`);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect((await listAgents(partner)).agents).toEqual([]);
    expect(await findAgentByKey(newKey)).toBeUndefined();
    expectError(await patch(partner, `/user/partner/agents/${id}`, { name: 'Back' }), 404, 'AGENT_NOT_FOUND');
    expectError(await as(partner.idToken).delete(`/user/partner/agents/${id}`), 404, 'AGENT_NOT_FOUND');
    expect(partnerSummaryReplySchema.parse((await as(partner.idToken).get('/user/partner')).json).data.agents).toBe(0);
    expect(opsAgentsReplySchema.parse((await ops().get('/ops/agents')).json).data.some((a) => a.id === id)).toBe(false);
    // Its history stays.
    const { findAgent } = await import('@numbernest/core/supply');
    expect(await findAgent(id)).toMatchObject({ id, removedAt: expect.any(String), partnerSub: partner.sub });
  });

  it(`are at most ${maxAgentsPerPartner} per partner; removing one makes room`, async () => {
    const partner = await createPartner();
    const { addAgent: addDirectly } = await import('@numbernest/core/supply');
    const by = { partner: { sub: partner.sub, email: partner.email } };
    for (let i = 0; i < maxAgentsPerPartner - 1; i++) await addDirectly({ partnerSub: partner.sub, name: `Bank ${i}`, url: localUrl() }, by);
    const last = await addAgent(partner, 'The last one');
    expectError(await as(partner.idToken).post('/user/partner/agents', { name: 'One too many', url: localUrl() }), 409, 'TOO_MANY_AGENTS');
    expect((await listAgents(partner)).agents).toHaveLength(maxAgentsPerPartner);
    expect((await as(partner.idToken).delete(`/user/partner/agents/${last.data.id}`)).status).toBe(200);
    await addAgent(partner, 'Room again');
    const listed = opsPartnersReplySchema.parse((await ops().get('/ops/partners')).json).data.find((p) => p.sub === partner.sub);
    expect(listed?.agents).toBe(maxAgentsPerPartner);
  });

  it('cannot be added for an account that is not a partner, nor with a key another agent has', async () => {
    const { addAgent: addDirectly, AgentKeyInUseError } = await import('@numbernest/core/supply');
    const { PartnersOnlyError } = await import('@numbernest/core/accounts');
    const customer = await userWithBalance();
    await expect(addDirectly({ partnerSub: customer.sub, name: 'Bank', url: localUrl() }, { operator: testGranter })).rejects.toBeInstanceOf(PartnersOnlyError);
    const partner = await createPartner();
    const key = `given-key-${randomUUID()}`;
    const { agent } = await addDirectly({ partnerSub: partner.sub, name: 'Bank', url: localUrl(), key }, { operator: testGranter });
    expect((await findAgentByKey(key))?.id).toBe(agent.id);
    await expect(addDirectly({ partnerSub: partner.sub, name: 'Twin', url: localUrl(), key }, { operator: testGranter })).rejects.toBeInstanceOf(
      AgentKeyInUseError,
    );
    await expect(addDirectly({ partnerSub: partner.sub, name: 'Short', url: localUrl(), key: 'short' }, { operator: testGranter })).rejects.toMatchObject({
      fieldErrors: { key: [expect.objectContaining({ code: 'INVALID_FORMAT' })] },
    });
    expect((await listAgents(partner)).agents.map((a) => a.name)).toEqual(['Bank']);
    const added = await auditOf('agent.add', agent.id);
    expect(added).toHaveLength(1);
    expect(JSON.stringify(added)).not.toContain(key);
  });
});

describe('agent URLs: the SSRF guard', () => {
  const resolves =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address }));
  const onStage = (resolve: Resolver = resolves('93.184.216.34')) => ({ local: false, resolve });

  it('locally: this machine is allowed, private, link-local and metadata addresses are refused with the field error', async () => {
    const partner = await createPartner();
    const api = as(partner.idToken);
    expectUrlRefused(await api.post('/user/partner/agents', { name: 'Metadata', url: 'http://169.254.169.254/latest/meta-data/' }), /private address/);
    expectUrlRefused(await api.post('/user/partner/agents', { name: 'Private', url: 'http://10.0.0.1/smshub' }), /private address/);
    expectUrlRefused(await api.post('/user/partner/agents', { name: 'Mapped', url: 'http://[::ffff:a9fe:a9fe]/' }), /private address/);
    expectUrlRefused(await api.post('/user/partner/agents', { name: 'Files', url: 'file:///etc/passwd' }), /http or https/);
    expectUrlRefused(await api.post('/user/partner/agents', { name: 'Words', url: 'not a url' }), /valid URL/);
    expect((await listAgents(partner)).agents).toEqual([]);

    const { data: agent } = await addAgent(partner, 'Here', `http://127.0.0.1:8080/smshub`);
    expectUrlRefused(await patch(partner, `/user/partner/agents/${agent.id}`, { url: 'http://192.168.1.10/smshub' }), /private address/);
    expect((await listAgents(partner)).agents[0]).toMatchObject({ url: 'http://127.0.0.1:8080/smshub' });
  });

  it('on a stage: loopback is refused too, and a name that resolves to a private address (no real DNS: the resolver option)', async () => {
    const { addAgent: addDirectly, setAgentUrl } = await import('@numbernest/core/supply');
    const partner = await createPartner();
    const by = { partner: { sub: partner.sub, email: partner.email } };
    const refusedOnStage = async (url: string, resolve?: Resolver) => {
      const attempt = addDirectly({ partnerSub: partner.sub, name: 'Bank', url }, by, onStage(resolve));
      await expect(attempt, url).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { url: [expect.objectContaining({ code: 'AGENT_URL_REFUSED' })] },
      });
    };
    await refusedOnStage('http://127.0.0.1:8080/smshub');
    await refusedOnStage('http://localhost:8080/smshub');
    await refusedOnStage('http://[::1]/smshub');
    await refusedOnStage('http://169.254.169.254/');
    await refusedOnStage('http://10.0.0.1/');
    await refusedOnStage('https://sim-bank.example/smshub', resolves('10.1.2.3'));
    await refusedOnStage('http://sim-bank.example/smshub', resolves('93.184.216.34', 'fd00::1'));
    expect((await listAgents(partner)).agents).toEqual([]);

    // http is the protocol's as much as https: a public host is accepted either way.
    const { agent } = await addDirectly({ partnerSub: partner.sub, name: 'Public', url: 'http://sim-bank.example/smshub' }, by, onStage());
    expect(agent.url).toBe('http://sim-bank.example/smshub');
    await expect(setAgentUrl(partner.sub, agent.id, 'https://sim-bank.example/v2', onStage(resolves('169.254.169.254')))).rejects.toMatchObject({
      fieldErrors: { url: [expect.objectContaining({ code: 'AGENT_URL_REFUSED' })] },
    });
    expect((await setAgentUrl(partner.sub, agent.id, 'https://sim-bank.example/v2', onStage())).url).toBe('https://sim-bank.example/v2');
  });
});

describe('operators and agents', () => {
  it('list every agent with its partner, block one with a reason its partner sees, and unblock it, each audited', async () => {
    const partner = await createPartner();
    const { data: agent, key } = await addAgent(partner, 'Over-promiser');
    const customer = await userWithBalance();
    expectError(await as(customer.idToken).get('/ops/agents'), 403, 'OPERATORS_ONLY');

    const listed = await ops().get('/ops/agents');
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    const row = opsAgentsReplySchema.parse(listed.json).data.find((a) => a.id === agent.id);
    expect(row).toEqual({ ...agent, partner: { sub: partner.sub, email: partner.email }, unknown_countries: [], unknown_services: [] });
    expect(JSON.stringify(listed.json)).not.toContain(key);

    const reason = 'Announces numbers it never gives';
    const blocked = await ops().post(`/ops/agents/${agent.id}/block`, { reason });
    expect(blocked.status, JSON.stringify(blocked.json)).toBe(200);
    expect(agentReplySchema.parse(blocked.json).data).toMatchObject({ id: agent.id, state: 'blocked', blocked_reason: reason });
    expectError(await ops().post(`/ops/agents/${agent.id}/block`, { reason }), 409, 'AGENT_ALREADY_BLOCKED');
    expectError(await ops().post('/ops/agents/000000000ffffffffffffffff/block', { reason }), 404, 'AGENT_NOT_FOUND');
    expect((await listAgents(partner)).agents[0]).toMatchObject({ state: 'blocked', blocked_reason: reason });
    // The partner's pause does not lift an operator's block; once unblocked, the pause shows.
    expect(agentReplySchema.parse((await patch(partner, `/user/partner/agents/${agent.id}`, { paused: true })).json).data).toMatchObject({
      state: 'blocked',
      paused: true,
    });
    // A blocked agent is still found by its key: whoever asks decides by its state.
    expect((await findAgentByKey(key))?.blocked?.reason).toBe(reason);

    const unblocked = await ops().post(`/ops/agents/${agent.id}/unblock`);
    expect(unblocked.status, JSON.stringify(unblocked.json)).toBe(200);
    expect(agentReplySchema.parse(unblocked.json).data).toMatchObject({ state: 'paused', blocked_reason: null });
    expectError(await ops().post(`/ops/agents/${agent.id}/unblock`), 409, 'AGENT_NOT_BLOCKED');

    const blocks = await auditOf('agent.block', agent.id);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ operator: { sub: operator.sub }, reason, before: { state: 'active' }, after: { state: 'blocked' } });
    const unblocks = await auditOf('agent.unblock', agent.id);
    expect(unblocks).toHaveLength(1);
    expect(unblocks[0]).toMatchObject({ operator: { sub: operator.sub }, before: { state: 'blocked', reason }, after: { state: 'paused' } });
    expect(JSON.stringify([...blocks, ...unblocks])).not.toContain(key);
  });
});

describe('npm run ops', () => {
  const root = join(import.meta.dirname, '../../..');
  /** The ops script as `npm run ops -- …` runs it, on this local cloud's table (its environment names the table). */
  const runOps = (...args: string[]) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/src/ops.ts', ...args], { cwd: root, env: process.env, timeout: 60_000 });

  it('grant-partner, add-agent (id and key printed), and agents --json: one JSON array of {id, name, url, partner, state, stock, sold, earned}', async () => {
    expect(apiUrl).toBeTruthy();
    const user = await userWithBalance();
    const granted = await runOps('grant-partner', user.email);
    expect(granted.stdout).toContain(`${user.email} is a partner`);
    expect(partnerSummaryReplySchema.parse((await as(user.idToken).get('/user/partner')).json).data.agents).toBe(0);

    const url = localUrl();
    const added = await runOps('add-agent', '--partner', user.email, '--name', 'Rack 7', '--url', url);
    const id = /^id {2}(\S+)$/m.exec(added.stdout)?.[1];
    const key = /^key (\S+)$/m.exec(added.stdout)?.[1];
    expect(id, added.stdout).toMatch(/^[0-9a-z]{9}[0-9a-f]{16}$/);
    expect((await findAgentByKey(key!))?.id).toBe(id);
    await expect(runOps('add-agent', '--partner', user.email, '--name', 'Rack 8', '--url', 'http://169.254.169.254/')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('url: '),
    });

    // What the poller and the sales will fill: the totals it last reported, what it sold and earned.
    const { updateItem } = await import('@numbernest/core/db');
    const { agentItem } = await import('../../core/src/shared/db/items/agents');
    await updateItem(agentItem, { id: id! }, { set: { stockTotal: 60, soldCount: 3, earnedCents: 1234 } });

    const listed = await runOps('agents', '--json');
    const rows = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(Array.isArray(rows)).toBe(true);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['earned', 'id', 'name', 'partner', 'sold', 'state', 'stock', 'url']);
    expect(rows.find((row) => row.id === id)).toEqual({ id, name: 'Rack 7', url, partner: user.email, state: 'active', stock: 60, sold: 3, earned: 12.34 });
    expect(listed.stdout).not.toContain(key);
  }, 180_000);

  it("add-agent --key polls the agent at once: what it reports is on sale before the poller's next round", async () => {
    const served = await serveSimBank([{ phone: '995599000101', country: 'georgia', operator: 'any' }]);
    try {
      const user = await userWithBalance();
      await runOps('grant-partner', user.email);
      const key = `rack-key-${randomUUID()}`;
      served.bank.configure({ key });
      const added = await runOps('add-agent', '--partner', user.email, '--name', 'Rack 9', '--url', served.agentUrl, '--key', key);
      const id = /^id {2}(\S+)$/m.exec(added.stdout)?.[1];
      served.agents.push({ partnerSub: user.sub, id: id! });
      const onSale = Number(/^polled: (\d+) on sale \(\d+ ms\)$/m.exec(added.stdout)?.[1]);
      expect(onSale, added.stdout).toBeGreaterThan(0);
      const { findAgent } = await import('@numbernest/core/supply');
      expect(await findAgent(id!)).toMatchObject({ stockTotal: onSale, stockCountries: [expect.any(Number)] });
    } finally {
      await served.stop();
    }
  }, 180_000);
});
