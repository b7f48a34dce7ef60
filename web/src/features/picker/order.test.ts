import { describe, expect, it } from 'vitest';
import { initialPickerState, type PickerState } from './model';
import { orderCost, purchaseHandoff } from './order';
import { bestOffer, usd } from '@/lib/catalog/price';
import { countries, numbers, privateCountries, rentTimes, temporaryNumbers, whatsapp } from '@/test/catalog-fixtures';

const shared: PickerState = { tab: 1, country: countries[0]!, service: whatsapp, number: numbers[0]!, rentTimeId: 3 };

describe('prices shown by the picker', () => {
  it('formats dollars with two decimals', () => {
    expect(usd(0.5)).toBe('$0.50');
    expect(usd(13.5)).toBe('$13.50');
  });

  it('advertises the period that saves most', () => {
    // 0.50 x 30 = 15.00, minus 1.50 = 13.50: 10% off
    expect(bestOffer(whatsapp)).toEqual({ rentTimeId: 3, original: 15, total: 13.5, percent: 10 });
    expect(bestOffer({ ...whatsapp, discount_3: 0 })).toBeNull();
  });
});

describe('orderCost', () => {
  it('prices Shared by the service and the chosen period', () => {
    expect(orderCost(shared)).toEqual({ original: 15, total: 13.5 });
    expect(orderCost({ ...shared, rentTimeId: 1 })).toEqual({ original: 3.5, total: 3.5 });
    expect(orderCost({ ...shared, rentTimeId: null })).toBeNull();
  });

  it('prices Private by the country', () => {
    expect(orderCost({ ...initialPickerState(2), country: privateCountries[0]!, number: numbers[0]!, rentTimeId: 1 })).toEqual({ original: 7, total: 6.5 });
  });

  it('prices Temporary per activation', () => {
    expect(orderCost({ ...shared, tab: 3, number: temporaryNumbers[0]!, rentTimeId: null })).toEqual({ original: 0.3, total: 0.3 });
  });
});

describe('purchaseHandoff', () => {
  it('builds the record the Payment route reads', () => {
    expect(purchaseHandoff(shared, rentTimes)).toEqual({
      mobile_number_id: 100,
      rent_time_id: 3,
      mobile_number_type_id: 1,
      service_provider_id: 10,
      country_id: 1,
      country: 'United Kingdom',
      service: 'WhatsApp',
      number: '+447700900222',
      rent: '1 Month',
      total_price: 13.5,
    });
  });

  it('uses the fixed 20-minute window for Temporary', () => {
    expect(purchaseHandoff({ ...shared, tab: 3, number: temporaryNumbers[0]!, rentTimeId: null }, rentTimes)).toMatchObject({
      rent_time_id: null,
      mobile_number_type_id: 3,
      service_provider_id: 10,
      rent: '20 minutes',
      total_price: 0.3,
    });
  });

  it('hands over "any number" for Temporary: no number id, the service’s activation price', () => {
    const any: PickerState = { tab: 3, country: countries[0]!, service: whatsapp, number: null, anyNumber: true, rentTimeId: null };
    expect(orderCost(any)).toEqual({ original: 0.3, total: 0.3 });
    expect(purchaseHandoff(any, rentTimes)).toEqual({
      mobile_number_id: null,
      rent_time_id: null,
      mobile_number_type_id: 3,
      service_provider_id: 10,
      country_id: 1,
      country: 'United Kingdom',
      service: 'WhatsApp',
      number: '',
      rent: '20 minutes',
      total_price: 0.3,
    });
    // Only Temporary sells any number.
    expect(purchaseHandoff({ ...any, tab: 1, rentTimeId: 3 }, rentTimes)).toBeNull();
  });

  it('names no service for Private', () => {
    const privateState: PickerState = { ...initialPickerState(2), country: privateCountries[0]!, number: numbers[0]!, rentTimeId: 1 };
    expect(purchaseHandoff(privateState, rentTimes)).toMatchObject({ mobile_number_type_id: 2, service_provider_id: null, service: '', country_id: 1 });
  });

  it('is null while the selection is incomplete', () => {
    expect(purchaseHandoff({ ...shared, rentTimeId: null }, rentTimes)).toBeNull();
    expect(purchaseHandoff({ ...shared, number: null }, rentTimes)).toBeNull();
  });
});
