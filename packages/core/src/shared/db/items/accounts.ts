/** Accounts' items (written only by packages/core/src/accounts; other contexts change a profile through its door). */
import type { AccountHoldCause, ForwardingSettings, UserSettings } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

const operatorRefSchema = z.object({ sub: z.string(), email: z.string() });
/** Kept as stored: the accounts code fills in defaults when it reads them (settingsOf, forwardingOf). */
const storedObject = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null);

/**
 * A user's profile (USER#<sub> / PROFILE): the balance in cents with its ledger position, settings,
 * counters and the account's marks (deleted, blocked, on hold, operator, partner). No index; kept (a deleted
 * account stays as a tombstone so its balance is never lost).
 */
export const userProfileItem = defineItem({
  name: 'user profile',
  owner: 'accounts',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
  schema: z.object({
    sub: z.string(),
    email: z.string(),
    emailVerifiedAt: z.optional(z.string()),
    balanceCents: z.int(),
    ledgerSeq: z.optional(z.int()),
    settings: storedObject<UserSettings>(),
    unreadCount: z.optional(z.number()),
    /** Live developer API keys, held to a maximum by the create transaction. */
    liveApiKeys: z.optional(z.int()),
    createdAt: z.string(),
    socketsLiveUntil: z.optional(z.number()),
    deletedAt: z.optional(z.string()),
    tokensValidAfter: z.optional(z.number()),
    transferHolds: z.optional(z.array(z.object({ until: z.string(), cents: z.int() }))),
    accountHold: z.optional(z.object({ since: z.string(), reason: z.string(), cause: z.optional(z.custom<AccountHoldCause>()) })),
    blocked: z.optional(z.object({ since: z.string(), reason: z.string(), by: operatorRefSchema })),
    forwarding: z.optional(storedObject<ForwardingSettings>()),
    forwardingEmailNonce: z.optional(z.string()),
    operatorSince: z.optional(z.string()),
    /** The partner role: the account may plug SIM banks' agents in (set and removed by operators). */
    partnerSince: z.optional(z.string()),
  }),
});
