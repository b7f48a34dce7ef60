import { defaultUserSettings, type AccountHold, type User, type UserSettings } from '@numbernest/contracts';
import { toDollars } from '../../shared/pricing';
import type { UserItem } from './items';

/** Stored settings over the defaults, so a setting added later has its default for older users. */
export const settingsOf = (user: UserItem): UserSettings => ({
  ...defaultUserSettings,
  ...user.settings,
  configure: { ...defaultUserSettings.configure, ...user.settings?.configure },
});

/** The API shape (the original client's User + settings): dollars at the edge. */
export const toUser = (user: UserItem): User => ({
  id: user.sub,
  email: user.email,
  email_verified_at: user.emailVerifiedAt ?? null,
  balance: toDollars(user.balanceCents),
  settings: settingsOf(user),
  created_at: user.createdAt,
  operator: Boolean(user.operatorSince),
  account_hold: accountHoldOf(user),
});

/** The hold as the customer sees it: since when, and why (holds set before the cause was kept: from the operator's reason). */
export function accountHoldOf(user: UserItem): AccountHold | null {
  const hold = user.accountHold;
  if (!hold) return null;
  return { since: hold.since, cause: hold.cause ?? (hold.reason.startsWith('dispute') ? 'chargeback' : 'card-refund') };
}
