import { expectError } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { agentActivationsReplySchema, agentStockReplySchema, agentWithKeyReplySchema, type AgentActivation } from '@numbernest/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator, createPartner } from './operators';

/**
 * What a partner and the operators see of an agent's work through the API: its activations in pages
 * of 50, newest first, and its stock by country and service; only its own partner's (and operators').
 * The entries are put as the purchase and the end put them (agent-sales.test.ts and agents-supply.test.ts
 * make them through real sales).
 */
describe('an agent’s activations and stock', () => {
  let partner: TestUser;
  let operator: TestUser;
  let agentId: string;
  const rentalIds: string[] = [];

  beforeAll(async () => {
    [partner, operator] = await Promise.all([createPartner(), createOperator()]);
    const added = await as(partner.idToken).post('/user/partner/agents', { name: 'Rack 9', url: `http://127.0.0.1:9/smshub-${randomUUID().slice(0, 8)}` });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    agentId = agentWithKeyReplySchema.parse(added.json).data.id;

    const { putItem } = await import('@numbernest/core/db');
    const { agentActivationItem } = await import('../../core/src/shared/db/items/rentals-agent-activations');
    const { timeSortableId } = await import('../../core/src/shared/ids');
    const start = Date.now() - 51 * 60_000;
    for (let i = 0; i < 51; i++) {
      const at = start + i * 60_000;
      const rentalId = timeSortableId(at);
      rentalIds.push(rentalId);
      await putItem(agentActivationItem, {
        agentId,
        rentalId,
        partnerSub: partner.sub,
        activationId: String(1_000 + i),
        startedAt: new Date(at).toISOString(),
        countryId: 187,
        countryCode: 'US',
        countryName: 'USA',
        serviceName: 'Telegram',
        e164: `+1404555${String(1000 + i)}`,
        sumCents: 60,
        ...(i % 2 ? { status: 3 as const, endedAt: new Date(at + 30_000).toISOString() } : {}),
      });
    }
  }, 60_000);

  it('come 50 a page, newest first, with the cursor of the next; the same for operators', async () => {
    const path = `/user/partner/agents/${agentId}/activations`;
    const first = await as(partner.idToken).get(path);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const page1 = agentActivationsReplySchema.parse(first.json);
    expect(page1.data).toHaveLength(50);
    expect(page1.data.map((a) => a.id)).toEqual([...rentalIds].reverse().slice(0, 50));
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = agentActivationsReplySchema.parse((await as(partner.idToken).get(`${path}?cursor=${encodeURIComponent(page1.next_cursor!)}`)).json);
    expect(second.data.map((a) => a.id)).toEqual([rentalIds[0]]);
    expect(second.next_cursor).toBeNull();

    const byOutcome = (list: AgentActivation[], outcome: AgentActivation['outcome']) => list.filter((a) => a.outcome === outcome);
    expect(byOutcome(page1.data, 'sold').every((a) => a.earned === 0.6 && a.ended_at !== null)).toBe(true);
    expect(byOutcome(page1.data, 'waiting').every((a) => a.earned === 0 && a.ended_at === null)).toBe(true);

    const asOperator = agentActivationsReplySchema.parse((await as(operator.idToken).get(`/ops/agents/${agentId}/activations`)).json);
    expect(asOperator).toEqual(page1);
  });

  it('are its partner’s and the operators’ only; an agent that reports nothing has no stock rows', async () => {
    const customer = await userWithBalance();
    expectError(await as(customer.idToken).get(`/user/partner/agents/${agentId}/activations`), 403, 'PARTNERS_ONLY');
    expectError(await as(customer.idToken).get(`/ops/agents/${agentId}/activations`), 403);
    expectError(await as(partner.idToken).get(`/user/partner/agents/0mx1vyzmzc239fecc1eb72370/activations`), 404, 'AGENT_NOT_FOUND');
    expectError(await as(operator.idToken).get(`/ops/agents/0mx1vyzmzc239fecc1eb72370/stock`), 404, 'AGENT_NOT_FOUND');
    expectError(await as(partner.idToken).get('/user/partner/agents/not-an-id/activations'), 400, 'VALIDATION_FAILED');

    const stock = await as(partner.idToken).get(`/user/partner/agents/${agentId}/stock`);
    expect(stock.status).toBe(200);
    expect(agentStockReplySchema.parse(stock.json).data).toEqual({ rows: [], rest: 0, total: 0 });
  });
});
