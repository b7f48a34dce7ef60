import './api'; // first: points this process at the local cloud
import { priceSummaryReplySchema } from '@numbernest/contracts';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { get } from './api';

const { offers, privateOffers } = seedCatalog;
const cheapestDollars = (cents: (number | undefined)[]) => Math.min(...cents.filter((c): c is number => c !== undefined)) / 100;

describe('GET /api/price-summary', () => {
  it('gives the cheapest seeded price of each type, in dollars', async () => {
    const reply = await get('/price-summary');
    expect(reply.status).toBe(200);
    const { data } = priceSummaryReplySchema.parse(reply.json);
    expect(data).toEqual({
      shared_from_per_day: cheapestDollars(offers.map((o) => o.pricePerDayCents)),
      private_from_per_day: cheapestDollars(privateOffers.map((p) => p.pricePerDayCents)),
      temporary_from: cheapestDollars(offers.map((o) => o.temporaryPriceCents)),
    });
  });

  it('answers all null while no summary is stored', async () => {
    const { DeleteCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, getItem, tableName } = await import('@numbernest/core/db');
    const { catalogKeys } = await import('@numbernest/core/catalogue');
    const stored = await getItem<Record<string, unknown>>(catalogKeys.priceSummary);
    expect(stored).toBeDefined();
    await db.send(new DeleteCommand({ TableName: tableName(), Key: catalogKeys.priceSummary }));
    try {
      const reply = await get('/price-summary');
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ data: { shared_from_per_day: null, private_from_per_day: null, temporary_from: null } });
    } finally {
      await db.send(new PutCommand({ TableName: tableName(), Item: stored }));
    }
  });
});
