import { expectError, send, type ApiReply } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { NumberType, rentalReplySchema } from '@numbernest/contracts';
import { deliveryBySourceReplySchema, purchaseDecisionsReplySchema } from '@numbernest/contracts/ops';
import { listCountryItems, serviceCatalog } from '@numbernest/core/catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { openOffer, ownNumbers } from './own-numbers';

/**
 * What operators see of the router: each source's delivery over 30 days (`/api/ops/delivery-by-source`)
 * and why each of a customer's Temporary purchases got its number (`/api/ops/users/{sub}/purchase-decisions`).
 */

let operator: TestUser;
const ops = () => as(operator.idToken);

beforeAll(async () => {
  operator = await createOperator();
}, 60_000);

function buyAnyNumber(user: TestUser, body: Record<string, unknown>): Promise<ApiReply> {
  return send('POST', '/user/rentals', {
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

describe('purchase decisions', () => {
  it('lists a customer’s any-number purchase with the source it was bought from, named, and money in dollars', async () => {
    const offer = openOffer({ temporary: true });
    await ownNumbers(NumberType.Temporary, offer.countryId, 1);
    const customer = await userWithBalance(50_00);
    expect((await ops().get(`/ops/users/${customer.sub}/purchase-decisions`)).json).toEqual({ data: [] });

    const reply = await buyAnyNumber(customer, {
      mobile_number_type_id: NumberType.Temporary,
      country_id: offer.countryId,
      service_provider_id: offer.serviceId,
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    const rental = rentalReplySchema.parse(reply.json).data;

    const listed = await ops().get(`/ops/users/${customer.sub}/purchase-decisions`);
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    const { data } = purchaseDecisionsReplySchema.parse(listed.json);
    expect(data).toHaveLength(1);
    const [country, services] = await Promise.all([listCountryItems(), serviceCatalog()]);
    const own = { source: 'own', kind: 'own', name: 'own' };
    expect(data[0]).toMatchObject({
      country_id: offer.countryId,
      country_name: country.find((c) => c.id === offer.countryId)!.name,
      service_id: offer.serviceId,
      service_name: services.byId.get(offer.serviceId)!.name,
      price: offer.temporaryPriceCents! / 100,
      bought: own,
      rental_id: rental.id,
      excluded: [],
    });
    expect(data[0]!.candidates[0]).toMatchObject({ ...own, margin: offer.temporaryPriceCents! / 100 });
    expect(data[0]!.tried.at(-1)).toMatchObject({ ...own, outcome: 'bought', detail: null });
  });

  it('answers 404 for a customer who does not exist', async () => {
    expectError(await ops().get(`/ops/users/${randomUUID()}/purchase-decisions`), 404);
  });
});

describe('delivery by source', () => {
  it('lists our own numbers with their purchases and codes, most purchases first', async () => {
    const offer = openOffer({ temporary: true });
    await ownNumbers(NumberType.Temporary, offer.countryId, 1);
    const customer = await userWithBalance(50_00);
    const bought = await buyAnyNumber(customer, {
      mobile_number_type_id: NumberType.Temporary,
      country_id: offer.countryId,
      service_provider_id: offer.serviceId,
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);

    const reply = await ops().get('/ops/delivery-by-source');
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const { data, min_purchases_for_rate } = deliveryBySourceReplySchema.parse(reply.json);
    expect(min_purchases_for_rate).toBe(20);
    const own = data.find((row) => row.source === 'own');
    expect(own).toMatchObject({ kind: 'own', name: 'own' });
    expect(own!.purchases).toBeGreaterThanOrEqual(1);
    expect(own!.codes).toBeLessThanOrEqual(own!.purchases);
    expect(own!.rate === null).toBe(own!.purchases < 20);
    expect(data.map((row) => row.purchases)).toEqual(data.map((row) => row.purchases).sort((a, b) => b - a));
  });
});

describe('routing views', () => {
  it('are for operators only', async () => {
    const customer = await userWithBalance();
    expectError(await as(customer.idToken).get('/ops/delivery-by-source'), 403, 'OPERATORS_ONLY');
    expectError(await as(customer.idToken).get(`/ops/users/${customer.sub}/purchase-decisions`), 403, 'OPERATORS_ONLY');
  });
});
