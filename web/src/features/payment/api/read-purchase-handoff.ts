import { purchaseHandoffSchema, type PurchaseHandoff } from '@numbernest/contracts';
import { readJson, storageKeys } from '../../../lib/storage';

/**
 * The purchase record the picker's confirmation hands to the Payment route (spec §3), from the
 * buy-number state in local storage. Anything missing or malformed means there is nothing to pay.
 */
export function readPurchaseHandoff(): PurchaseHandoff | null {
  const parsed = purchaseHandoffSchema.safeParse(readJson(storageKeys.buyNumber));
  return parsed.success && parsed.data.mobile_number_id > 0 ? parsed.data : null;
}
