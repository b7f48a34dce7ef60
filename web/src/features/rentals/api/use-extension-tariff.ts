import { NumberType, type Rental } from '@numbernest/contracts';
import type { DollarTariff } from '@numbernest/core/pricing';
import { usePrivateCountries } from '@/lib/catalog/use-private-countries';
import { useProviders } from '@/lib/catalog/use-providers';

export interface TariffResult {
  /** undefined while loading (or after a failed load); null when the catalogue no longer offers it. */
  tariff: DollarTariff | null | undefined;
  error: unknown;
  retry: () => void;
}

/**
 * What an extension costs per period comes from the same catalogue the picker reads, priced by the
 * same function the server uses: Shared by the service in the rental's country, Private by the country.
 */
export function useExtensionTariff(rental: Rental | null): TariffResult {
  const shared = rental?.type === NumberType.Shared && rental.service !== null;
  const providers = useProviders(shared ? rental.country.id : null);
  const privateCountries = usePrivateCountries(rental?.type === NumberType.Private);
  if (!rental || rental.type === NumberType.Temporary) return { tariff: null, error: undefined, retry: () => undefined };
  const list = shared ? providers : privateCountries;
  const wanted = shared ? rental.service!.id : rental.country.id;
  const found = list.items?.find((item) => item.id === wanted);
  return { tariff: list.items ? (found ?? null) : undefined, error: list.error, retry: list.retry };
}
