import { NumberType } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import type { RentalItem } from '../../rentals';
import { countryName, productName, russianName } from './names';
import { orderStatus } from './orders';

const now = Date.parse('2026-11-29T12:00:00.000Z');
const rental = (fields: Partial<RentalItem>): RentalItem =>
  ({
    id: 'r',
    sub: 's',
    numberId: 1,
    e164: '+31600000001',
    typeId: NumberType.Temporary,
    countryId: 8,
    countryName: 'Netherlands',
    countryCode: 'NL',
    status: 'active',
    startedAt: '2026-11-29T11:55:00.000Z',
    expiresAt: '2026-11-29T12:15:00.000Z',
    priceCents: 42,
    messagesCount: 0,
    ...fields,
  }) as RentalItem;

describe('an order’s status in 5sim’s words', () => {
  it('waits (PENDING), then has its SMS (RECEIVED)', () => {
    expect(orderStatus(rental({}), now)).toBe('PENDING');
    expect(orderStatus(rental({ messagesCount: 1 }), now)).toBe('RECEIVED');
  });

  it('past its end before the rental job ended it: FINISHED with an SMS, TIMEOUT without', () => {
    const late = { expiresAt: '2026-11-29T11:59:00.000Z' };
    expect(orderStatus(rental({ ...late, messagesCount: 2 }), now)).toBe('FINISHED');
    expect(orderStatus(rental(late), now)).toBe('TIMEOUT');
  });

  it('ended: cancelled and refunded is CANCELED, refunded at its end TIMEOUT, reported BANNED, finished FINISHED', () => {
    expect(orderStatus(rental({ status: 'inactive', ended: 'refunded', endedAt: '2026-11-29T11:58:00.000Z' }), now)).toBe('CANCELED');
    expect(orderStatus(rental({ status: 'inactive', ended: 'refunded', endedAt: '2026-11-29T12:15:00.000Z' }), now)).toBe('TIMEOUT');
    expect(orderStatus(rental({ status: 'inactive', ended: 'refunded', reported: { reason: 'already_used', at: '2026-11-29T11:58:00.000Z' } }), now)).toBe(
      'BANNED',
    );
    expect(orderStatus(rental({ status: 'inactive', ended: 'completed', messagesCount: 1 }), now)).toBe('FINISHED');
    expect(orderStatus(rental({ status: 'inactive', ended: 'expired', messagesCount: 1 }), now)).toBe('FINISHED');
    expect(orderStatus(rental({ status: 'inactive', ended: 'expired' }), now)).toBe('TIMEOUT');
  });
});

describe('5sim’s names', () => {
  it('names a country as 5sim does, or by its English name in lower case without spaces', () => {
    expect(countryName({ iso: 'gb', name: 'United Kingdom' })).toBe('england');
    expect(countryName({ iso: 'US', name: 'United States' })).toBe('usa');
    expect(countryName({ iso: 'xk', name: 'Kosovo Republic' })).toBe('kosovorepublic');
  });

  it('names a service by 5sim’s product, or by its slug', () => {
    expect(productName({ slug: 'x', protocolCode: 'tw' })).toBe('twitter');
    expect(productName({ slug: 'telegram', protocolCode: 'tg' })).toBe('telegram');
    expect(productName({ slug: 'pigeonpost', protocolCode: undefined })).toBe('pigeonpost');
  });

  it('gives the Russian name (text_ru) from the protocol table, else the language’s own', () => {
    expect(russianName({ iso: 'nl', name: 'Netherlands' })).toBe('Нидерланды');
    expect(russianName({ iso: 'is', name: 'Iceland' })).toBe('Исландия');
  });
});
