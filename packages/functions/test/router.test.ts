import { send, expireCatalogueCache, type ApiReply } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { NumberType, rentalReplySchema } from '@numbernest/contracts';
import { serviceCatalog } from '@numbernest/core/catalogue';
import { seedCatalog } from '@numbernest/core/seed';
import { recordDelivery } from '@numbernest/core/stats';
import { pollAgentsOnce, purchaseDecisionsOf, setSourceRule } from '@numbernest/core/supply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithBalance, type TestUser } from './auth-users';
import { testGranter } from './operators';
import { partnerWithAgent, serveSimBank, type ServedSimBank } from './sim-bank';

/**
 * The router of a Temporary purchase, end to end: two partners' SIM banks sell Telegram in Colombia
 * (a country no other test sells agents' numbers in), where an operator's rule keeps our own numbers
 * out. The one that delivers better is asked first; when it fails the other sells; a pin wins over
 * both; each purchase's routing is recorded.
 */

const country = seedCatalog.countries.find((c) => c.iso === 'co')!;
const phonesOf = (bank: string) => [1, 2, 3, 4].map((n) => `57300${bank}0000${n}`);

describe('one router for every Temporary purchase', () => {
  const banks: Record<'good' | 'poor', { served: ServedSimBank; agentId: string; phones: string[] }> = {} as never;
  let telegram: { id: number };

  const rule = (body: { pin?: string; exclude?: string[] }) =>
    setSourceRule({ country_id: country.id, service_id: telegram.id, pin: body.pin ?? null, exclude: body.exclude ?? [] }, testGranter).then(
      expireCatalogueCache,
    );

  function buyAny(user: TestUser): Promise<ApiReply> {
    return send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ mobile_number_type_id: NumberType.Temporary, country_id: country.id, service_provider_id: telegram.id }),
    });
  }

  /** Buys as a fresh customer; answers the number and the routing recorded for it. */
  async function boughtNumber() {
    const user = await userWithBalance(5_00);
    const reply = await buyAny(user);
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const { data } = rentalReplySchema.parse(reply.json);
    const [decision] = await purchaseDecisionsOf(user.sub);
    expect(decision).toMatchObject({ rentalId: data.id, countryId: country.id, serviceId: telegram.id });
    return { number: data.number.replace(/^\+/, ''), decision: decision! };
  }

  beforeAll(async () => {
    telegram = [...(await serviceCatalog()).byId.values()].find((s) => s.slug === 'telegram')!;
    // The poor one first: without the router's ranking, it would be asked first (the agents' stock is read in the order they were added).
    for (const [name, digits] of [
      ['poor', '111'],
      ['good', '222'],
    ] as const) {
      const phones = phonesOf(digits);
      const served = await serveSimBank(phones.map((phone) => ({ phone, country: 'colombia', operator: 'any' })));
      const { agentId } = await partnerWithAgent(served, `Router bank ${name}`);
      banks[name] = { served, agentId, phones };
    }
    await pollAgentsOnce();
    // The last 30 days: the good bank delivered 19 codes of 20, the poor one 6 of 20.
    const purchasedAt = new Date().toISOString();
    for (const [name, delivered] of [
      ['good', 19],
      ['poor', 6],
    ] as const) {
      const source = `agent:${banks[name].agentId}` as const;
      for (let i = 0; i < 20; i++) {
        await recordDelivery({ kind: 'sold', source, countryId: country.id, serviceId: telegram.id, purchasedAt, priceCents: 100, costCents: 60 });
        if (i < delivered) await recordDelivery({ kind: 'delivered', source, countryId: country.id, serviceId: telegram.id, purchasedAt, msToCode: 8_000 });
      }
    }
    await rule({ exclude: ['own'] });
  });

  afterAll(async () => {
    await rule({});
    await Promise.all(Object.values(banks).map((bank) => bank.served.stop()));
  });

  it('asks the source that delivers best first, and records why', async () => {
    const { number, decision } = await boughtNumber();
    expect(banks.good.phones).toContain(number);
    const good = `agent:${banks.good.agentId}`;
    const poor = `agent:${banks.poor.agentId}`;
    expect(decision.excluded).toEqual(['own']);
    expect(decision.candidates.map((c) => c.source)).toEqual([good, poor]);
    expect(decision.candidates[0]).toMatchObject({ rate: 0.95, activations: 20 });
    expect(decision.candidates[1]).toMatchObject({ rate: 0.3, activations: 20 });
    expect(decision.tried).toEqual([expect.objectContaining({ source: good, outcome: 'bought' })]);
    expect(decision.source).toBe(good);
  });

  it('falls back to the next source when the best one fails', async () => {
    banks.good.served.bank.state.switches.drop = true;
    try {
      const { number, decision } = await boughtNumber();
      expect(banks.poor.phones).toContain(number);
      expect(decision.tried.map((t) => [t.source, t.outcome])).toEqual([
        [`agent:${banks.good.agentId}`, 'failed'],
        [`agent:${banks.poor.agentId}`, 'bought'],
      ]);
    } finally {
      banks.good.served.bank.state.switches.drop = false;
    }
  });

  it('an operator’s pin wins over measured delivery', async () => {
    const poor = `agent:${banks.poor.agentId}`;
    await rule({ pin: poor });
    try {
      const { number, decision } = await boughtNumber();
      expect(banks.poor.phones).toContain(number);
      expect(decision.candidates.map((c) => c.source)).toEqual([poor]);
      expect(decision.excluded.sort()).toEqual(['own', `agent:${banks.good.agentId}`].sort());
    } finally {
      await rule({ exclude: ['own'] });
    }
  });
});
