import { NumberType, type PurchaseHandoff } from '@numbernest/contracts';
import { usePrivateCountries } from '@/lib/catalog/use-private-countries';
import { useProviders } from '@/lib/catalog/use-providers';
import { rentCost } from '@/lib/catalog/price';

/**
 * What the record's number costs now, from the catalogue the picker read it from and the same
 * pricing function as the server: a number; null when the offer is gone; undefined while unknown
 * (loading, failed, or a record without ids).
 */
export function useCurrentPrice(handoff: PurchaseHandoff | null): number | null | undefined {
  const type = handoff?.mobile_number_type_id ?? null;
  const countryId = handoff?.country_id ?? null;
  const providers = useProviders(type === NumberType.Shared || type === NumberType.Temporary ? countryId : null);
  const privateCountries = usePrivateCountries(type === NumberType.Private && countryId !== null);
  if (!handoff || type === null || countryId === null) return undefined;

  if (type === NumberType.Private) {
    if (!privateCountries.items) return undefined;
    const country = privateCountries.items.find((item) => item.id === countryId);
    return country ? (rentCost(country, handoff.rent_time_id)?.total ?? null) : null;
  }
  if (!providers.items) return undefined;
  const service = providers.items.find((item) => item.id === handoff.service_provider_id);
  if (!service) return null;
  return type === NumberType.Temporary ? service.temporary_price : (rentCost(service, handoff.rent_time_id)?.total ?? null);
}
