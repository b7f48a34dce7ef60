import { describe, expect, it } from 'vitest';
import { pushEventSchema } from './realtime';

const accepts = (value: unknown) => pushEventSchema.safeParse(value).success;

describe('pushEventSchema', () => {
  it('takes the four push events and nothing else', () => {
    expect(accepts({ type: 'balance', balance: 12.34 })).toBe(true);
    expect(accepts({ type: 'balance', balance: -3 })).toBe(true); // owed after a card payment was taken back
    const notification = { id: 'n1', read_at: null, created_at: '2026-01-01T00:00:00.000Z', data: { title: 'T', message: 'M' } };
    expect(accepts({ type: 'notification', notification })).toBe(true);
    expect(accepts({ type: 'notification', notification, unread_count: 3 })).toBe(true);
    expect(accepts({ type: 'notification', notification, unread_count: -1 })).toBe(false);
    expect(accepts({ type: 'balance', balance: '12.34' })).toBe(false);
    expect(accepts({ type: 'rental' })).toBe(false);
    expect(accepts({ type: 'message', message: { id: 'm1' } })).toBe(false);
    expect(accepts({ type: 'pong' })).toBe(false);
  });
});
