import type { NumberType, ReportReason } from '@numbernest/contracts';
import type { Cents } from '../shared/pricing';

export type RentalEnd = 'closed' | 'refunded' | 'expired' | 'completed';

/** A number bought from the balance. pk USER#<sub>, sk RENTAL#<id> (ids sort by time). */
export interface RentalItem {
  id: string;
  sub: string;
  numberId: number;
  /** E.164. */
  e164: string;
  typeId: NumberType;
  countryId: number;
  countryName: string;
  /** ISO alpha-2, upper case. */
  countryCode: string;
  /** Shared and Temporary: the one service; absent for Private (all services). */
  serviceId?: number;
  serviceName?: string;
  serviceSlug?: string;
  status: 'active' | 'inactive';
  startedAt: string;
  expiresAt: string;
  /** Paid so far, extensions included. */
  priceCents: Cents;
  messagesCount: number;
  /** SMS it was shown whose sender its service does not use (only the text matched): not its code, not in `messagesCount`. */
  unverifiedCount?: number;
  /** SMS sent from it (Start Chat): sending uses a rental as receiving does. Absent on rentals that never sent. */
  sentCount?: number;
  /** Temporary only: the plain decimal id of the SMS-Activate-compatible API (see activation-ids.ts). */
  activationId?: number;
  /** Shared and Private bought through the rent API: its plain decimal id (see rent-ids.ts). */
  rentId?: number;
  /** The rent API's per-rental webhook: each SMS is posted there too (webhook/send.ts). */
  rentUrl?: string;
  lastMessage?: { body: string; code: string | null; from: string; receivedAt: string };
  /**
   * Temporary: the renter asked for another code when it had this many (setStatus 3, or the web's
   * Request another code); a code counts as new once `messagesCount` passes it.
   */
  anotherCodeAfter?: number;
  /** The renter reported its number (report.ts): it ended refunded and the number is blocked for its service. */
  reported?: { reason: ReportReason; at: string };
  ended?: RentalEnd;
  endedAt?: string;
  /**
   * What operators gave back of an ended rental so far (partial refunds, `rental/operator.ts`): never
   * more than `priceCents`. A rental that ended `refunded` got its whole price back and has none.
   */
  refundedCents?: Cents;
  /**
   * The slice (standing.ts) its purchase counted it in against the account's holding limits; the end
   * counts it out. Absent on rentals bought before the limits: nothing to count out.
   */
  heldSlice?: string;
  /** Shared and Private bought while the account's standing was limited: closing it never refunds. */
  closeRefund?: false;
  /** Reminders already sent (24 h and 1 h before the end). */
  reminded?: Array<'24h' | '1h'>;
  /** While active: the rental job's next look at it (a reminder or the end), index dueByTime. */
  dueQueue?: string;
  dueAt?: string;
}

/**
 * Who holds a number, for one service or all of it for Private (keys: docs/access-patterns.md). It
 * outlives rentals: `reusableAt` keeps a number released after use from another renter for 90 days
 * (SIMs are reissued after months); the last renter may take it again.
 */
export interface NumberLockItem {
  activeRentalId?: string;
  activeSub?: string;
  lastSub?: string;
  reusableAt?: string;
  /**
   * A renter reported the number for this service (not delivered, already used): never sold for it
   * again. When, why, and the rental it was reported on.
   */
  blockedAt?: string;
  blockedReason?: ReportReason;
  blockedRentalId?: string;
}
