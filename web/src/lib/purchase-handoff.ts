import { NumberType, purchaseHandoffSchema, purchaseRequestSchema, type PurchaseHandoff, type PurchaseRequest } from '@numbernest/contracts';
import { readJson, storageKeys, writeJson } from './storage';

/**
 * The purchase record the picker's confirmation hands to the Payment route, from the
 * buy-number state in local storage. Anything missing or malformed means there is nothing to pay.
 */
export function readPurchaseHandoff(): PurchaseHandoff | null {
  const parsed = purchaseHandoffSchema.safeParse(readJson(storageKeys.buyNumber));
  return parsed.success && parsed.data.mobile_number_id > 0 ? parsed.data : null;
}

const handoffFields = Object.keys(purchaseHandoffSchema.shape);

function readState(): Record<string, unknown> {
  const value = readJson<unknown>(storageKeys.buyNumber);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A new price the person accepted replaces the one the record was made with. */
export function saveHandoffPrice(total: number): void {
  writeJson(storageKeys.buyNumber, { ...readState(), total_price: total });
}

/** After paying (or when the number is gone): the record goes; a payment under way (transaction id, method) stays. */
export function clearPurchaseHandoff(): void {
  const rest = Object.fromEntries(Object.entries(readState()).filter(([key]) => !handoffFields.includes(key)));
  if (Object.keys(rest).length) writeJson(storageKeys.buyNumber, rest);
  else localStorage.removeItem(storageKeys.buyNumber);
}

/**
 * POST /user/rentals's body for the record: Shared names the service and the period, Private the
 * period, Temporary the service. null for a record that cannot say (stored before the ids existed).
 */
export function purchaseRequestOf(handoff: PurchaseHandoff): PurchaseRequest | null {
  const { mobile_number_type_id: type, mobile_number_id, service_provider_id, rent_time_id } = handoff;
  const request =
    type === NumberType.Shared
      ? { mobile_number_type_id: type, mobile_number_id, service_provider_id, rent_time_id }
      : type === NumberType.Private
        ? { mobile_number_type_id: type, mobile_number_id, rent_time_id }
        : type === NumberType.Temporary
          ? { mobile_number_type_id: type, mobile_number_id, service_provider_id }
          : null;
  const parsed = purchaseRequestSchema.safeParse(request);
  return parsed.success ? parsed.data : null;
}
