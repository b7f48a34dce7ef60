import './api'; // first: points this process at the local cloud
import { agentStockIn, countryIdOfIso, listCountryItems } from '@numbernest/core/catalogue';
import { findAgent, pollAgentsOnce } from '@numbernest/core/supply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from './api-keys';
import type { TestUser } from './auth-users';
import { testGranter } from './operators';
import { handlerApi, partnerWithAgent, serveSimBank, type ServedSimBank } from './sim-bank';

/** Portugal: a country no other test's agent sells in; our own numbers there (the seed's, +3519…) excluded, only agents can serve. */
const portugal = { iso: 'pt', protocol: 'portugal', ownPrefixes: '3519', bankPhone: '351211234567' };

/**
 * A partner's agents serve only while the account is a partner in good standing: the role revoked,
 * or the account blocked, and its agents are neither polled nor sold, at once and without an
 * operator touching each agent.
 */
describe('agents of a partner revoked or blocked', () => {
  let served: ServedSimBank;
  let partner: TestUser;
  let agentId: string;
  let country: { id: number };

  beforeAll(async () => {
    served = await serveSimBank([{ phone: portugal.bankPhone, country: portugal.protocol, operator: 'any' }]);
    ({ partner, agentId } = await partnerWithAgent(served, 'Barred bank'));
    country = (await listCountryItems()).find((c) => c.iso === portugal.iso)!;
  });

  afterAll(() => served.stop());

  const onSale = async () => (await agentStockIn(country.id)).some((stock) => stock.agentId === agentId);
  const polled = async () => (await pollAgentsOnce()).some((outcome) => outcome.agentId === agentId);

  it('revoked: not polled, its stock withdrawn, the reason on the agent; granted again, polled again', async () => {
    const { grantPartner, revokePartner } = await import('@numbernest/core/accounts');
    expect(await polled()).toBe(true);
    expect(await onSale()).toBe(true);

    await revokePartner(partner.email, testGranter);
    expect(await polled()).toBe(false);
    expect(await onSale()).toBe(false);
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
    const answer = await handlerApi({
      api_key: key,
      action: 'getNumber',
      service: 'tg',
      country: String(countryIdOfIso(portugal.iso)),
      phoneException: portugal.ownPrefixes,
    });
    expect(answer).toBe('NO_NUMBERS');
    expect(served.bank.state.activations).toHaveLength(0);

    expect(await polled()).toBe(false);
    expect((await findAgent(agentId))?.lastError).toBe('Not polled: its partner account is blocked');
    await unblockUser(partner.sub, undefined, testGranter);
    expect(await polled()).toBe(true);
  });
});
