import './api'; // first: points this process at the local cloud
import { randomInt, randomUUID } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { listCountryItems, serviceCatalog } from '@numbernest/core/catalogue';
import { deliverInbound } from '@numbernest/core/messaging';
import { allEntries } from '@numbernest/core/money';
import {
  closeRentalForCustomer,
  endRental,
  findAgentFinish,
  findRental,
  listAgentActivations,
  purchaseRental,
  type RentalItem,
} from '@numbernest/core/rentals';
import { agentNumber } from '@numbernest/core/supply';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, storedUser, userWithBalance, type TestUser } from './auth-users';

/**
 * Activations a partner's agent served, from the purchase to their end: how the agent is told it
 * ended (once, the protocol's status) and the partner's earning (once, only when sold). The suite's
 * closing reconciliation checks the same books.
 */
describe('an activation served by a partner’s agent', () => {
  let buyer: TestUser;
  let partner: TestUser;
  let country: { id: number; dialCode: string };
  let telegram: { id: number };
  const agentId = `agent-${randomUUID()}`;

  beforeAll(async () => {
    [buyer, partner] = await Promise.all([userWithBalance(10_00), userWithBalance()]);
    country = (await listCountryItems()).find((c) => c.iso === 'gb')!;
    telegram = [...(await serviceCatalog()).byId.values()].find((s) => s.slug === 'telegram')!;
  });

  /** A purchase of the phone the agent gave (a fresh one each time), as supply makes it. */
  async function buy(activationId: string): Promise<RentalItem> {
    const number = await agentNumber(agentId, `4479${String(randomInt(10_000_000, 99_999_999))}`, country);
    if (!number.ok) throw new Error(number.reason);
    const { rental } = await purchaseRental({
      loadUser: async () => (await storedUser(buyer.sub))!,
      request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: number.numberId, service_provider_id: telegram.id },
      idempotencyKey: randomUUID(),
      agentSale: { agentId, activationId, partnerSub: partner.sub, sumCents: 12 },
    });
    return rental;
  }

  async function codeArrives(rental: RentalItem) {
    const outcome = await deliverInbound({
      provider: 'agent',
      agentId,
      providerMessageId: `${agentId}:${randomUUID()}`,
      from: 'Telegram',
      to: rental.e164,
      body: 'Telegram code: 48213',
      receivedAt: new Date().toISOString(),
    });
    expect(outcome.outcome).toBe('delivered');
    return (await findRental(rental.sub, rental.id))!;
  }

  it('sold: finished after its code, the partner is credited its share once and the agent is told 3', async () => {
    const before = await balanceOf(partner);
    const rental = await codeArrives(await buy('9223372036854775807'));
    expect(rental.agentSale).toEqual({ agentId, activationId: '9223372036854775807', partnerSub: partner.sub, sumCents: 12 });
    const ended = await endRental(rental, { ended: 'completed' });
    expect(ended).toMatchObject({ refunded: false });
    expect(await balanceOf(partner)).toBe(before + 12);
    // Ended already: the earning's ledger key answers the first end's result, nothing is credited twice.
    expect(await endRental(rental, { ended: 'completed' })).toMatchObject({ replayed: true });
    expect(await balanceOf(partner)).toBe(before + 12);
    const earnings = (await allEntries(partner.sub)).filter((e) => e.kind === 'partner-earning' && e.reference === rental.id);
    expect(earnings).toHaveLength(1);
    expect(earnings[0]!.description).toEqual({ key: 'partnerEarning', params: { service: rental.serviceName, country: rental.countryName } });
    expect(await findAgentFinish(rental.id)).toMatchObject({ agentId, activationId: '9223372036854775807', status: 3, attempts: 0, dueQueue: 'AGENT_FINISH' });
  });

  it('cancelled without a code: refunded, the agent is told 4, the partner earns nothing', async () => {
    const [buyerBefore, partnerBefore] = [await balanceOf(buyer), await balanceOf(partner)];
    const rental = await buy('1000000000000002');
    await endRental(rental, { ended: 'byOperator', refund: true });
    expect(await balanceOf(buyer)).toBe(buyerBefore);
    expect(await balanceOf(partner)).toBe(partnerBefore);
    expect((await findAgentFinish(rental.id))?.status).toBe(4);
  });

  it('refunded after its code: the agent is told 5; reported as already used: 1; the partner earns nothing for either', async () => {
    const partnerBefore = await balanceOf(partner);
    const refunded = await codeArrives(await buy('1000000000000003'));
    await closeRentalForCustomer(buyer.sub, refunded.id, { operator: { sub: 'ops', email: 'ops@example.com' }, reason: 'test', refund: true });
    expect((await findAgentFinish(refunded.id))?.status).toBe(5);
    const reported = await codeArrives(await buy('1000000000000004'));
    await endRental(reported, { ended: 'reported', reason: 'already_used' });
    expect((await findAgentFinish(reported.id))?.status).toBe(1);
    expect(await balanceOf(partner)).toBe(partnerBefore);
  });

  it('counts its sale, its code and its report under its agent, its margin less the partner’s share', async () => {
    const { sourceDelivery } = await import('@numbernest/core/stats');
    const mine = async () => (await sourceDelivery(country.id, telegram.id)).find((s) => s.source === `agent:${agentId}`);
    const before = (await mine()) ?? { activations: 0, delivered: 0, reported: 0 };
    const rental = await codeArrives(await buy('1000000000000009'));
    await endRental(rental, { ended: 'reported', reason: 'already_used' });
    const after = await mine();
    // Its code came, but for a number already used: reported, and no delivery.
    expect(after).toMatchObject({ activations: before.activations + 1, delivered: before.delivered, reported: before.reported + 1 });
    // Every sale of this agent here is at the same price with the partner's 12 cents.
    expect(after!.marginCents).toBe(rental.priceCents - 12);
    expect(after!.medianMsToCode).not.toBeNull();
  });

  it('an SMS for its number from another agent is refused, and the agent’s number is never in the picker', async () => {
    const rental = await buy('1000000000000005');
    const outcome = await deliverInbound({
      provider: 'agent',
      agentId: 'someone-else',
      providerMessageId: `someone-else:${randomUUID()}`,
      from: 'Telegram',
      to: rental.e164,
      body: 'Telegram code: 11111',
      receivedAt: new Date().toISOString(),
    });
    expect(outcome).toMatchObject({ outcome: 'refused', reason: 'not-hosted' });
    const again = await agentNumber('someone-else', rental.e164.slice(1), country);
    expect(again).toEqual({ ok: false, reason: 'other-source' });
    expect(await agentNumber(agentId, `1202${String(randomInt(1_000_000, 9_999_999))}`, country)).toEqual({ ok: false, reason: 'not-in-country' });
    const { sampleNumbers } = await import('@numbernest/core/catalogue');
    expect((await sampleNumbers(country.id, NumberType.Temporary, telegram.id, 1000)).some((n) => n.e164 === rental.e164)).toBe(false);
    await endRental(rental, { ended: 'byOperator', refund: true });
  });

  it('each is in its agent’s list of activations, newest first, from its purchase on, with the status its agent is told', async () => {
    const waiting = await buy('1000000000000006');
    const { items } = await listAgentActivations(agentId);
    expect(items[0]).toMatchObject({ rentalId: waiting.id, activationId: '1000000000000006', partnerSub: partner.sub, e164: waiting.e164, sumCents: 12 });
    expect(items[0]!.status).toBeUndefined();
    expect(items.map((a) => a.rentalId)).toEqual(
      items
        .map((a) => a.rentalId)
        .sort()
        .reverse(),
    );
    // Every ended one carries the same status as its finish.
    for (const activation of items.filter((a) => a.status !== undefined)) {
      expect((await findAgentFinish(activation.rentalId))?.status).toBe(activation.status);
      expect(activation.endedAt).toEqual(expect.any(String));
    }
    expect(new Set(items.map((a) => a.status))).toEqual(new Set([undefined, 1, 3, 4, 5]));
    await endRental(waiting, { ended: 'byOperator', refund: true });
    expect((await listAgentActivations(agentId)).items[0]).toMatchObject({ rentalId: waiting.id, status: 4 });
  });
});
