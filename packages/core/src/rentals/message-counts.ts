import { txUpdate, type TransactPart } from '../shared/db/item';
import { rentalItem } from '../shared/db/items/rentals';
import type { RentalItem } from './items';

/**
 * In an inbound SMS's transaction: the rental counts it, only while active and within its time.
 * Verified: in `messagesCount` (it decides refunds and the protocol's status) with its `lastMessage`,
 * and, as the rental's first, only while it still has none; otherwise in `unverifiedCount`.
 */
export function countMessagePart(
  rental: RentalItem,
  message: { verified: boolean; first: boolean; lastMessage: NonNullable<RentalItem['lastMessage']>; at: string },
  onConditionFailed: () => Error,
): TransactPart {
  return txUpdate(
    rentalItem,
    rental,
    message.verified
      ? {
          set: { lastMessage: message.lastMessage },
          add: { messagesCount: 1 },
          when: { status: { equals: 'active' }, expiresAt: { after: message.at }, ...(message.first ? { messagesCount: { equals: 0 } } : {}) },
          ifExists: false,
          onConditionFailed,
        }
      : { add: { unverifiedCount: 1 }, when: { status: { equals: 'active' }, expiresAt: { after: message.at } }, ifExists: false, onConditionFailed },
  );
}
