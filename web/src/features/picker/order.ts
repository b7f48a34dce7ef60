import { NumberType, type PrivateCountry, type PurchaseHandoff, type RentTime } from '@numbernest/contracts';
import type { PickerState } from './model';
import { rentCost } from '@/lib/catalog/price';

/** The fixed window of a Temporary activation (docs/architecture.md#rentals-and-refunds). */
export const temporaryRentName = '20 minutes';

/** What the chosen number costs for the chosen period (Temporary: per activation); null until that is known. */
export function orderCost(state: PickerState): { total: number; original: number } | null {
  if (state.tab === NumberType.Temporary) {
    if (!state.number && !state.anyNumber) return null;
    const price = state.number?.price ?? state.service?.temporary_price ?? null;
    return price === null ? null : { total: price, original: price };
  }
  if (!state.number) return null;
  // Private is priced per country, Shared per service.
  const tariff = state.tab === NumberType.Private ? (state.country as PrivateCountry | null) : state.service;
  return tariff ? rentCost(tariff, state.rentTimeId) : null;
}

/**
 * The record the confirmation hands to the Payment route (contracts purchaseHandoffSchema).
 * null while the selection is incomplete. `rent` is the period's canonical name; Private has no service.
 * The ids (type, service, country) let the Payment route send the purchase and check the price again.
 * "Any number" (Temporary) names no number: `mobile_number_id` null, `number` empty.
 */
export function purchaseHandoff(state: PickerState, rentTimes: readonly RentTime[]): PurchaseHandoff | null {
  const cost = orderCost(state);
  const any = state.tab === NumberType.Temporary && state.anyNumber === true && !state.number;
  if (!state.country || !(state.number || any) || !cost) return null;
  const temporary = state.tab === NumberType.Temporary;
  const rent = temporary ? temporaryRentName : rentTimes.find((r) => r.id === state.rentTimeId)?.name;
  if (!rent) return null;
  return {
    mobile_number_id: state.number?.id ?? null,
    rent_time_id: temporary ? null : state.rentTimeId,
    mobile_number_type_id: state.tab,
    service_provider_id: state.tab === NumberType.Private ? null : (state.service?.id ?? null),
    country_id: state.country.id,
    country: state.country.name,
    service: state.service?.name ?? '',
    number: state.number?.mobile_number ?? '',
    rent,
    total_price: cost.total,
  };
}
