import { defaultUserSettings } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import type { UserItem } from './items';
import { settingsOf, toUser } from './shape';

const item = (change: Partial<UserItem> = {}): UserItem => ({
  sub: 'sub-1',
  email: 'ada@example.com',
  balanceCents: 1234,
  settings: defaultUserSettings,
  unreadCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...change,
});

describe('toUser', () => {
  it('answers the original client User plus settings, balance in dollars', () => {
    expect(toUser(item({ emailVerifiedAt: '2025-01-02T00:00:00.000Z' }))).toEqual({
      id: 'sub-1',
      email: 'ada@example.com',
      email_verified_at: '2025-01-02T00:00:00.000Z',
      balance: 12.34,
      settings: defaultUserSettings,
      created_at: '2025-01-01T00:00:00.000Z',
      operator: false,
      account_hold: null,
    });
    expect(toUser(item({ operatorSince: '2025-02-01T00:00:00.000Z' })).operator).toBe(true);
  });

  it('shows a hold by its cause, never the operator’s reason (older holds: the cause read from the reason)', () => {
    const since = '2025-03-01T00:00:00.000Z';
    expect(toUser(item({ accountHold: { since, reason: 'dispute du_1 (fraudulent) of top-up t1', cause: 'chargeback' } })).account_hold).toEqual({
      since,
      cause: 'chargeback',
    });
    expect(toUser(item({ accountHold: { since, reason: 'dispute du_2 (general) of top-up t2' } })).account_hold).toEqual({ since, cause: 'chargeback' });
    expect(toUser(item({ accountHold: { since, reason: 'refund of charge ch_1 (top-up t3) left money owed' } })).account_hold).toEqual({
      since,
      cause: 'card-refund',
    });
  });

  it('says null while the e-mail is not verified, and never leaks stored-only fields', () => {
    const user = toUser(item({ unreadCount: 3, deletedAt: 'x', operatorSince: 'x', blocked: { since: 'x', reason: 'r', by: { sub: 's', email: 'e' } } }));
    expect(user.email_verified_at).toBeNull();
    expect(Object.keys(user).sort()).toEqual(['account_hold', 'balance', 'created_at', 'email', 'email_verified_at', 'id', 'operator', 'settings']);
  });
});

describe('settingsOf', () => {
  it('fills settings added after the user saved theirs with the defaults', () => {
    const older = { ringtone: 'bell', configure: { new_message: false } } as unknown as UserItem['settings'];
    expect(settingsOf(item({ settings: older }))).toEqual({
      ...defaultUserSettings,
      ringtone: 'bell',
      configure: { ...defaultUserSettings.configure, new_message: false },
    });
  });
});
