/**
 * Which sources may sell in a country (and service): the operators' pins and exclusions. A source is
 * `own` (our inventory), `agent:<agentId>` or `upstream:<upstreamId>`. All the rules are one item
 * (shared/db/items/upstreams.ts), kept per warm Lambda as briefly as the catalogue.
 */
import { readItem } from '../../shared/db';
import { sourceRulesItem } from '../../shared/db/items/upstreams';
import { cachedReference, forgetReference } from '../../catalogue';

export interface SourceRuleEntry {
  countryId: number;
  /** Absent: every service in the country. */
  serviceId?: number;
  /** Only this source sells there. */
  pin?: string;
  /** These sources never do. */
  exclude?: string[];
}

export interface SourceRules {
  rules: SourceRuleEntry[];
  /** 0 while nothing is stored. */
  version: number;
  editedAt?: string;
  editedBy?: string;
}

/** The rule that decides for this country and service: the service's own, else the country's for every service. */
export function sourceRuleFor(rules: readonly SourceRuleEntry[], countryId: number, serviceId: number): SourceRuleEntry | undefined {
  return rules.find((r) => r.countryId === countryId && r.serviceId === serviceId) ?? rules.find((r) => r.countryId === countryId && r.serviceId === undefined);
}

/**
 * The candidate sources that may sell this service in this country, in the order given: with a pin
 * only the pinned source (none when it is not a candidate: nothing else may sell there), else the
 * candidates less the excluded ones. The most specific rule decides alone (a service's rule replaces
 * its country's).
 */
export function applySourceRules(rules: readonly SourceRuleEntry[], countryId: number, serviceId: number, candidates: readonly string[]): string[] {
  const rule = sourceRuleFor(rules, countryId, serviceId);
  if (!rule) return [...candidates];
  if (rule.pin !== undefined) return candidates.filter((source) => source === rule.pin);
  const excluded = new Set(rule.exclude ?? []);
  return candidates.filter((source) => !excluded.has(source));
}

/** What is stored now, or no rules while nothing is. */
export async function readSourceRules(consistent = false): Promise<SourceRules> {
  return (await readItem(sourceRulesItem, {}, { consistent })) ?? { rules: [], version: 0 };
}

const cacheKey = 'source-rules';

/** The rules, read at most once per catalogue cache lifetime by a warm Lambda. */
export const sourceRules = (): Promise<SourceRules> => cachedReference(cacheKey, () => readSourceRules());

/** Forget the cached rules after a change in this process. */
export const forgetSourceRules = (): void => forgetReference(cacheKey);
