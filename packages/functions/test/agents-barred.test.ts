import { apiUrl } from './api'; // first: points this process at the local cloud
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentStockCounts, listCountryItems, serviceCatalog } from '@numbernest/core/catalogue';
import { addAgent, findAgent, pollAgentsOnce } from '@numbernest/core/supply';
import { createSimBank, type SimBank } from '@numbernest/local/simbank/bank';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from './api-keys';
import { as, createTestUser, type TestUser } from './auth-users';
import { testGranter } from './operators';

/** Our own US numbers' area codes (the seed's): excluded, only partners' agents can serve. */
const ownUsPrefixes = '1201,1212,1213,1305,1312,1415,1646,1702,1917';

/**
 * A partner's agents serve only while the account is a partner in good standing: the role revoked,
 * or the account blocked, and its agents are neither polled nor sold, at once and without an
 * operator touching each agent.
 */
describe('agents of a partner revoked or blocked', () => {
  let bank: SimBank;
  let server: Server;
  let partner: TestUser;
  let agentId: string;
  let us: { id: number };
  let telegram: { id: number };

  beforeAll(async () => {
    bank = createSimBank({ platformUrl: apiUrl, sims: [{ phone: '14045559901', country: 'usa', operator: 'any' }], pushRetryMs: 200 });
    server = createServer((req, res) => {
      void bank.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    partner = await createTestUser();
    await as(partner.idToken).get('/user');
    const { grantPartner } = await import('@numbernest/core/accounts');
    await grantPartner(partner.email, testGranter);
    const added = await addAgent(
      { partnerSub: partner.sub, name: 'Barred bank', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_local/simbank/agent` },
      { operator: testGranter },
    );
    agentId = added.agent.id;
    bank.configure({ key: added.key });
    us = (await listCountryItems()).find((c) => c.iso === 'us')!;
    telegram = [...(await serviceCatalog()).byId.values()].find((s) => s.slug === 'telegram')!;
  });

  afterAll(async () => {
    await bank.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  const polled = async () => (await pollAgentsOnce()).some((outcome) => outcome.agentId === agentId);

  it('revoked: not polled, its stock withdrawn, the reason on the agent; granted again, polled again', async () => {
    const { grantPartner, revokePartner } = await import('@numbernest/core/accounts');
    expect(await polled()).toBe(true);
    const withStock = (await agentStockCounts(us.id)).get(telegram.id) ?? 0;

    await revokePartner(partner.email, testGranter);
    expect(await polled()).toBe(false);
    expect((await agentStockCounts(us.id)).get(telegram.id) ?? 0).toBe(withStock - 1);
    expect((await findAgent(agentId))?.lastError).toBe('Not polled: its account is no longer a partner');

    await grantPartner(partner.email, testGranter);
    expect(await polled()).toBe(true);
    expect((await findAgent(agentId))?.lastError).toBeUndefined();
  });

  it('blocked: its stock still listed is not sold (the agent is never asked), and it is not polled until unblocked', async () => {
    const { blockUser, unblockUser } = await import('@numbernest/core/accounts');
    expect(await polled()).toBe(true); // fresh stock on sale
    await blockUser(partner.sub, 'Chargebacks under review', testGranter);

    const { key } = await userWithKey(10_00);
    const answer = await (
      await fetch(
        `${apiUrl}/stubs/handler_api.php?${new URLSearchParams({ api_key: key, action: 'getNumber', service: 'tg', country: '187', phoneException: ownUsPrefixes })}`,
      )
    ).text();
    expect(answer).not.toContain('14045559901');
    expect(bank.state.activations).toHaveLength(0);

    expect(await polled()).toBe(false);
    expect((await findAgent(agentId))?.lastError).toBe('Not polled: its partner account is blocked');
    await unblockUser(partner.sub, undefined, testGranter);
    expect(await polled()).toBe(true);
  });
});
