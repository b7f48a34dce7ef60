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
    });
    expect(toUser(item({ operatorSince: '2025-02-01T00:00:00.000Z' })).operator).toBe(true);
  });

  it('says null while the e-mail is not verified, and never leaks stored-only fields', () => {
    const user = toUser(item({ unreadCount: 3, deletedAt: 'x', operatorSince: 'x', blocked: { since: 'x', reason: 'r', by: { sub: 's', email: 'e' } } }));
    expect(user.email_verified_at).toBeNull();
    expect(Object.keys(user).sort()).toEqual(['balance', 'created_at', 'email', 'email_verified_at', 'id', 'operator', 'settings']);
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
