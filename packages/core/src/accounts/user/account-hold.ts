import { txUpdate, type TransactPart } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';

/**
 * In a transaction: the profile's account hold lifted (an operator's release), only while it is
 * still on it; `onConditionFailed` says what a profile without one means to the caller.
 */
export const accountHoldLiftPart = (sub: string, onConditionFailed: () => Error): TransactPart =>
  // The hold's own condition alone: a profile without a hold (or none at all) fails it.
  txUpdate(userProfileItem, { sub }, { remove: ['accountHold'], when: { accountHold: { exists: true } }, ifExists: false, onConditionFailed });
