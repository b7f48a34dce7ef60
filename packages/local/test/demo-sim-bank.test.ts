import { describe, expect, it } from 'vitest';
import { demoPartner, registerDemoSimBank } from '../src/simbank/demo-partner';
import { localCloud, useLocalCloudEnv } from '../src/testing';

/** `npm start` registers the stand-in SIM bank as its demo partner's agent; a restart (same .data/) registers it again without a second agent. */
describe('the demo partner’s SIM bank', () => {
  it('is a partner’s agent whose stock is on sale at once, and a second start only gives it a new key', async () => {
    useLocalCloudEnv(); // before core is imported
    const worker = localCloud();
    const cloud = { url: worker.apiUrl, cognito: worker.cognito, env: worker.localEnv };
    const { findAgent, listAgentsOfPartner } = await import('@numbernest/core/supply');
    const { findUserByEmail } = await import('@numbernest/core/accounts');
    const { agentStockIn, dropAgentStock, listCountryItems } = await import('@numbernest/core/catalogue');

    const first = await registerDemoSimBank(cloud);
    const agent = await findAgent(first.agentId);
    expect(agent).toMatchObject({ name: 'Local SIM bank', url: `${cloud.url}/_local/simbank/agent`, stockTotal: expect.any(Number) });
    expect(agent!.stockTotal).toBeGreaterThan(0);
    expect(agent!.lastError).toBeUndefined();
    const partner = await findUserByEmail(demoPartner.email);
    expect(partner?.partnerSince).toEqual(expect.any(String));
    const gb = (await listCountryItems()).find((c) => c.iso === 'gb')!;
    expect((await agentStockIn(gb.id)).some((stock) => stock.agentId === first.agentId)).toBe(true);

    const second = await registerDemoSimBank(cloud);
    expect(second.agentId).toBe(first.agentId);
    expect((await findAgent(first.agentId))!.key).not.toBe(agent!.key);
    expect(await listAgentsOfPartner(partner!.sub)).toHaveLength(1);
    // The bank answers with the new key: the poll just made succeeded.
    expect((await findAgent(first.agentId))!.lastError).toBeUndefined();

    // Other tests in this worker count stock: the bank's is taken off sale again.
    const us = (await listCountryItems()).find((c) => c.iso === 'us')!;
    await dropAgentStock(first.agentId, [gb.id, us.id]);
    // …and the worker's bank forgets its key, as a cloud that never registered it.
    await fetch(`${cloud.url}/_local/simbank/configure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: null }),
    });
  });
});
