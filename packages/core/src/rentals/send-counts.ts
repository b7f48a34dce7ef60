import { NumberType } from '@numbernest/contracts';
import { txUpdate, type TransactPart } from '../shared/db/item';
import { rentalSendsItem } from '../shared/db/items/rental-sends';

/**
 * In a Start Chat send's payment: the rental counts the SMS (sending uses it: it is no longer
 * refunded on close), only while it is an active Private rental within its time.
 */
export function countSendPart(sub: string, rentalId: string, at: string, onConditionFailed: () => Error): TransactPart {
  return txUpdate(
    rentalSendsItem,
    { sub, id: rentalId },
    {
      add: { sentCount: 1 },
      when: { status: { equals: 'active' }, expiresAt: { after: at }, typeId: { equals: NumberType.Private } },
      ifExists: false,
      onConditionFailed,
    },
  );
}

/** In a failed send's refund: an SMS that never went out did not use the rental, so its refund on close is as if never tried. */
export function uncountSendPart(sub: string, rentalId: string, onConditionFailed: () => Error): TransactPart {
  return txUpdate(rentalSendsItem, { sub, id: rentalId }, { add: { sentCount: -1 }, onConditionFailed });
}
