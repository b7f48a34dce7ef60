import type { PurchaseHandoff } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { clearPurchaseHandoff, purchaseRequestOf, readPurchaseHandoff, savePendingPick, takePendingPick } from './purchase-handoff';

const base: PurchaseHandoff = {
  mobile_number_id: 7,
  rent_time_id: 2,
  mobile_number_type_id: 1,
  service_provider_id: 10,
  country_id: 1,
  country: 'United Kingdom',
  service: 'WhatsApp',
  number: '+447700900111',
  rent: '2 Week',
  total_price: 5,
};

describe('the purchase record', () => {
  it('becomes the request of its number type', () => {
    expect(purchaseRequestOf(base)).toEqual({ mobile_number_type_id: 1, mobile_number_id: 7, service_provider_id: 10, rent_time_id: 2 });
    expect(purchaseRequestOf({ ...base, mobile_number_type_id: 2, service_provider_id: null })).toEqual({
      mobile_number_type_id: 2,
      mobile_number_id: 7,
      rent_time_id: 2,
    });
    expect(purchaseRequestOf({ ...base, mobile_number_type_id: 3, rent_time_id: null })).toEqual({
      mobile_number_type_id: 3,
      mobile_number_id: 7,
      service_provider_id: 10,
    });
  });

  it('"any number" (no number id) becomes the Temporary request naming the country, and reads back; other types need a number', () => {
    const any: PurchaseHandoff = {
      ...base,
      mobile_number_id: null,
      mobile_number_type_id: 3,
      rent_time_id: null,
      number: '',
      rent: '20 minutes',
      total_price: 0.3,
    };
    expect(purchaseRequestOf(any)).toEqual({ mobile_number_type_id: 3, country_id: 1, service_provider_id: 10 });
    localStorage.setItem('buyNumber', JSON.stringify(any));
    expect(readPurchaseHandoff()).toEqual(any);
    localStorage.setItem('buyNumber', JSON.stringify({ ...any, mobile_number_type_id: 1, rent_time_id: 2 }));
    expect(readPurchaseHandoff()).toBeNull();
    expect(purchaseRequestOf({ ...any, mobile_number_type_id: 1, rent_time_id: 2 })).toBeNull();
    localStorage.removeItem('buyNumber');
  });

  it('cannot become a request without the ids (records stored before them)', () => {
    expect(purchaseRequestOf({ ...base, mobile_number_type_id: undefined })).toBeNull();
    expect(purchaseRequestOf({ ...base, service_provider_id: null })).toBeNull();
    expect(purchaseRequestOf({ ...base, mobile_number_type_id: 2, rent_time_id: null })).toBeNull();
  });

  it('old records still parse; clearing it keeps a payment under way', () => {
    const { mobile_number_type_id: _t, service_provider_id: _s, country_id: _c, ...old } = base;
    localStorage.setItem('buyNumber', JSON.stringify({ ...old, transactionId: 'tu1', paymentMethod: 'payeer' }));
    expect(readPurchaseHandoff()).toMatchObject({ mobile_number_id: 7, number: '+447700900111' });
    clearPurchaseHandoff();
    expect(readPurchaseHandoff()).toBeNull();
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toEqual({ transactionId: 'tu1', paymentMethod: 'payeer' });
    localStorage.setItem('buyNumber', JSON.stringify(base));
    clearPurchaseHandoff();
    expect(localStorage.getItem('buyNumber')).toBeNull();
  });
});

describe('a visitor’s selection kept through signing in', () => {
  const pick = {
    type: 1 as const,
    country: { id: 1, name: 'United Kingdom', code: 'GB', url: '/flags/gb.svg' },
    service: { id: 10, name: 'WhatsApp', url: '/s/wa.svg', price_per_day: 0.5, discount_1: 0, discount_2: 0, discount_3: 1.5, temporary_price: null },
    number: { id: 101, mobile_number: '+447700900111' },
    rent_time_id: 3,
  };

  it('is taken once, whole', () => {
    savePendingPick(pick, 1_000);
    expect(takePendingPick(2_000)).toEqual(pick);
    expect(takePendingPick(2_000)).toBeNull();
  });

  it('keeps "any number" (Temporary, no number) too', () => {
    const any = { ...pick, type: 3 as const, number: null, rent_time_id: null };
    savePendingPick(any, 1_000);
    expect(takePendingPick(2_000)).toEqual(any);
  });

  it('is dropped after a day, or when malformed', () => {
    savePendingPick(pick, 0);
    expect(takePendingPick(24 * 60 * 60 * 1000 + 1)).toBeNull();
    localStorage.setItem('pendingPick', JSON.stringify({ ...pick, number: { id: 'x' }, saved_at: 0 }));
    expect(takePendingPick(1)).toBeNull();
    expect(localStorage.getItem('pendingPick')).toBeNull();
  });
});
