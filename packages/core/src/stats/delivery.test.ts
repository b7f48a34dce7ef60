import { describe, expect, it } from 'vitest';
import { deliveryCountersKey } from '../shared/db/items/stats-delivery';
import { codeBucketOf, codeBucketsMs, deliveryIncrementsOf, deliveryRate, medianOf } from './delivery';

const place = { source: 'agent:a1', countryId: 7, serviceId: 12, purchasedAt: '2026-03-01T23:59:00.000Z' } as const;

describe('delivery counters', () => {
  it('keys a country, a country’s service and every country apart, one item per UTC day', () => {
    expect(deliveryCountersKey({ day: '2026-03-01', countryId: 7 })).toEqual({ pk: 'DELIVERY#7', sk: 'DAY#2026-03-01' });
    expect(deliveryCountersKey({ day: '2026-03-01', countryId: 7, serviceId: 12 })).toEqual({ pk: 'DELIVERY#7#12', sk: 'DAY#2026-03-01' });
    expect(deliveryCountersKey({ day: '2026-03-01' })).toEqual({ pk: 'DELIVERY', sk: 'DAY#2026-03-01' });
  });

  it('counts a sale per service on the country and per source with its price and cost', () => {
    const [country, service, all] = deliveryIncrementsOf({ ...place, kind: 'sold', priceCents: 50, costCents: 30 });
    expect(country).toEqual({ at: { day: '2026-03-01', countryId: 7 }, add: { 'sold:12': 1 } });
    expect(service).toEqual({
      at: { day: '2026-03-01', countryId: 7, serviceId: 12 },
      add: { 'sold:agent:a1': 1, 'priceCents:agent:a1': 50, 'costCents:agent:a1': 30 },
    });
    expect(all!.at).toEqual({ day: '2026-03-01' });
  });

  it('counts a code on the day of the purchase, not of the code, with its time bucket', () => {
    const [country, service] = deliveryIncrementsOf({ ...place, kind: 'delivered', msToCode: 12_000 });
    expect(country).toEqual({ at: { day: '2026-03-01', countryId: 7 }, add: { 'delivered:12': 1 } });
    expect(service!.add).toEqual({ 'delivered:agent:a1': 1, 'code2:agent:a1': 1 });
  });

  it('counts a report against the source', () => {
    const [country, service] = deliveryIncrementsOf({ ...place, kind: 'reported' });
    expect(country!.add).toEqual({ 'reported:12': 1 });
    expect(service!.add).toEqual({ 'reported:agent:a1': 1 });
  });
});

describe('delivery figures', () => {
  it('hides a rate below 20 activations and shows it from 20', () => {
    expect(deliveryRate(19, 19)).toBeNull();
    expect(deliveryRate(20, 15)).toBe(0.75);
    expect(deliveryRate(0, 0)).toBeNull();
  });

  it('takes the median time to the code from the buckets', () => {
    expect(codeBucketOf(0)).toBe(0);
    expect(codeBucketOf(10 ** 9)).toBe(codeBucketsMs.length - 1);
    expect(medianOf(codeBucketsMs.map(() => 0))).toBeNull();
    // Ten codes within (10 s, 15 s]: the 5th of ten is half way.
    expect(medianOf(codeBucketsMs.map((_, i) => (i === 2 ? 10 : 0)))).toBe(12_500);
  });
});
