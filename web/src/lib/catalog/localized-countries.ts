import type { Country } from '@numbernest/contracts';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { ListResult } from './list-result';

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the interface language (the API's English name where the browser has none). */
export function countryName(country: Pick<Country, 'code' | 'name'>, lng: string): string {
  if (!displayNames.has(lng)) displayNames.set(lng, new Intl.DisplayNames([lng], { type: 'region', fallback: 'none' }));
  return displayNames.get(lng)!.of(country.code) ?? country.name;
}

/** Countries named in the interface language, so search, order, the summary and the handoff all agree. */
export function useLocalizedCountries<T extends Country>(result: ListResult<T>): ListResult<T> {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const items = useMemo(() => result.items?.map((c) => ({ ...c, name: countryName(c, lng) })), [result.items, lng]);
  return { ...result, items };
}
