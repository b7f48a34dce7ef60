import * as z from 'zod/mini';
import {
  NumberType,
  countrySchema,
  mobileNumberSchema,
  numberTypeSchema,
  privateCountrySchema,
  purchaseHandoffSchema,
  purchaseKindOf,
  purchaseRequestSchema,
  serviceProviderSchema,
  type PurchaseBody,
  type PurchaseHandoff,
} from '@numbernest/contracts';
import { readJson, storageKeys, writeJson } from './storage';

/**
 * The purchase record the picker's confirmation hands to the Payment route, from the
 * buy-number state in local storage. Anything missing or malformed means there is nothing to pay.
 */
export function readPurchaseHandoff(): PurchaseHandoff | null {
  const parsed = purchaseHandoffSchema.safeParse(readJson(storageKeys.buyNumber));
  if (!parsed.success) return null;
  const { mobile_number_id: numberId, mobile_number_type_id: type } = parsed.data;
  // No number is "any number", which only Temporary sells.
  return (numberId === null ? type === NumberType.Temporary : numberId > 0) ? parsed.data : null;
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
 * period, Temporary the service (and the country for any number). null for a record that cannot say
 * (stored before the ids existed).
 */
export function purchaseRequestOf(handoff: PurchaseHandoff): PurchaseBody | null {
  const { mobile_number_type_id: type, mobile_number_id, service_provider_id, rent_time_id, country_id } = handoff;
  const request =
    mobile_number_id === null
      ? type === NumberType.Temporary
        ? { mobile_number_type_id: type, country_id, service_provider_id }
        : null
      : type === NumberType.Shared
        ? { mobile_number_type_id: type, mobile_number_id, service_provider_id, rent_time_id }
        : type === NumberType.Private
          ? { mobile_number_type_id: type, mobile_number_id, rent_time_id }
          : type === NumberType.Temporary
            ? { mobile_number_type_id: type, mobile_number_id, service_provider_id }
            : null;
  const parsed = purchaseRequestSchema.safeParse(request);
  if (!parsed.success) return null;
  const kind = purchaseKindOf(parsed.data);
  return 'number' in kind ? kind.number : kind.any;
}

/**
 * What a visitor had picked when Get Now asked them to sign up or sign in: the tab, the country,
 * the service, the number and the period, whole, so the picker shows them again without looking
 * anything up. Kept a day at most; taken (read once and removed) by the picker once signed in.
 */
const pendingPickSchema = z.object({
  type: numberTypeSchema,
  country: z.union([privateCountrySchema, countrySchema]),
  service: z.nullable(serviceProviderSchema),
  /** null: any number (Temporary). */
  number: z.nullable(mobileNumberSchema),
  rent_time_id: z.nullable(z.number()),
  saved_at: z.number(),
});
export type PendingPick = Omit<z.infer<typeof pendingPickSchema>, 'saved_at'>;

const pendingPickLifetimeMs = 24 * 60 * 60 * 1000;

/** Where a visitor's Get Now leads once signed in: the picker in the dashboard, the selection waiting in it. */
export const resumePickPath = '/dashboard/buy-number';

export function savePendingPick(pick: PendingPick, now = Date.now()): void {
  writeJson(storageKeys.pendingPick, { ...pick, saved_at: now });
}

/** The waiting selection, once: it is removed as it is read. null if none, too old or malformed. */
export function takePendingPick(now = Date.now()): PendingPick | null {
  const parsed = pendingPickSchema.safeParse(readJson(storageKeys.pendingPick));
  localStorage.removeItem(storageKeys.pendingPick);
  if (!parsed.success || now - parsed.data.saved_at > pendingPickLifetimeMs || parsed.data.saved_at > now) return null;
  const { saved_at: _saved, ...pick } = parsed.data;
  return pick;
}
