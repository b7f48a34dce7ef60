/**
 * What a partner earns of an activation its agent sold, in percent of its price: a default and
 * overrides per country and service, the most specific winning (country and service, then the
 * service in any country, then the country for any service, then the default). All of it is one
 * item (shared/db/items/partner-share.ts), kept per warm Lambda as briefly as the catalogue.
 */
import { partnerShareItem } from '../../shared/db/items/partner-share';
import { readItem } from '../../shared/db';
import { cachedReference, forgetReference } from '../../catalogue';
import { agentSharePercent } from '../../shared/settings';

export interface ShareRule {
  /** Absent: any country. */
  countryId?: number;
  /** Absent: any service. */
  serviceId?: number;
  percent: number;
}

export interface PartnerShare {
  defaultPercent: number;
  rules: ShareRule[];
  /** 0 while nothing is stored (the default is then the setting's). */
  version: number;
  editedAt?: string;
  editedBy?: string;
}

/** A percent kept to 0–100 with one decimal (the setting that seeds the default is not checked elsewhere). */
const tidyPercent = (percent: number) => (Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent * 10) / 10)) : 60);

/** What is stored now, or the setting's default with no rules while nothing is. */
export async function readPartnerShare(consistent = false): Promise<PartnerShare> {
  const stored = await readItem(partnerShareItem, {}, { consistent });
  return stored ?? { defaultPercent: tidyPercent(agentSharePercent()), rules: [], version: 0 };
}

const cacheKey = 'partner-share';

/** The share rules, read at most once per catalogue cache lifetime by a warm Lambda (the catalogue's reference cache). */
export const partnerShare = (): Promise<PartnerShare> => cachedReference(cacheKey, () => readPartnerShare());

/** Forget the cached rules after a change in this process (expiring the catalogue's cache forgets them too). */
export const forgetPartnerShare = (): void => forgetReference(cacheKey);

/** The percent a sale of this service in this country earns its partner: the most specific rule, else the default. */
export function sharePercentFor(share: Pick<PartnerShare, 'defaultPercent' | 'rules'>, countryId: number, serviceId: number): number {
  const rule = (country: number | undefined, service: number | undefined) => share.rules.find((r) => r.countryId === country && r.serviceId === service);
  return (rule(countryId, serviceId) ?? rule(undefined, serviceId) ?? rule(countryId, undefined))?.percent ?? share.defaultPercent;
}

/** What the partner earns of an activation sold at this price, at this percent: always floored to the cent (tenths of a percent in integers). */
export const partnerShareCents = (priceCents: number, percent: number) => Math.floor((priceCents * Math.round(percent * 10)) / 1000);
