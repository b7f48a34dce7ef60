import type { RateLimitedError } from '../../shared/errors';

/** How the protocol writes its parameters and values, shared by its actions. */

/** The request's parameters (query string and form body merged); every value a string. */
export type Params = Record<string, string | undefined>;

/** When no country is given, the protocol's default is Russia (0). */
const defaultCountry = 0;

export const phoneOf = (e164: string) => e164.replace(/^\+/, '');
export const protocolTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');
export const parseId = (value: string | undefined) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined);

/** The protocol's country id asked for (its default when none); undefined when it is not an id. */
export function countryParam(params: Params): number | undefined {
  if (params.country === undefined || params.country === '') return defaultCountry;
  return parseId(params.country);
}

/**
 * When an account limit lifts (its `until` when it names one, else its Retry-After from now), in the
 * protocol's BANNED:'Y-m-d H-i-s' form (UTC).
 */
export function bannedUntil(error: RateLimitedError, now = Date.now()): string {
  const until = typeof error.params?.until === 'string' ? Date.parse(error.params.until) : Number.NaN;
  const at = Number.isFinite(until) ? until : now + error.retryAfterSeconds * 1000;
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '-');
}
