import type { CountryCreate, CountryPatch, OpsCountry } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

type Reply = { data: OpsCountry; cache_seconds: number };

/** POST /ops/countries: adds a country. */
export const addCountry = (body: CountryCreate) => apiRequest<Reply>('/ops/countries', { body });

/** PATCH /ops/countries/{id}: renames, enables or disables a country. */
export const updateCountry = (countryId: number, body: CountryPatch) => apiRequest<Reply>(`/ops/countries/${countryId}`, { method: 'PATCH', body });
