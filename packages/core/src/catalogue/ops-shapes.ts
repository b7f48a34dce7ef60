/** The operator console's catalogue in its wire shapes: prices in dollars, snake_case fields. */
import type { OpsCountry, OpsOffer, OpsPrivateOffer, OpsService } from '@numbernest/contracts/ops';
import { toDollars } from '../shared/pricing';
import type { CatalogueState } from './catalogue-write';
import type { CountryItem, PrivateOfferItem, ServiceItem, ServiceOfferItem } from './items';
import { tariffDollars } from './services';

export const toOpsOffer = (o: ServiceOfferItem): OpsOffer => ({
  country_id: o.countryId,
  service_id: o.serviceId,
  name: o.name,
  ...tariffDollars(o),
  temporary_price: o.temporaryPriceCents === undefined ? null : toDollars(o.temporaryPriceCents),
});

export const toOpsPrivateOffer = (p: PrivateOfferItem): OpsPrivateOffer => ({ country_id: p.countryId, ...tariffDollars(p) });

export const toOpsService = (s: ServiceItem): OpsService => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  code: s.protocolCode ?? null,
  patterns: s.patterns ?? null,
});

export function toOpsCountry(c: CountryItem, state: Pick<CatalogueState, 'offers' | 'privateOffers'>): OpsCountry {
  return {
    id: c.id,
    name: c.name,
    iso: c.iso,
    dial_code: c.dialCode,
    enabled: !c.disabled,
    offers: state.offers.filter((o) => o.countryId === c.id).length,
    private_offer: state.privateOffers.some((p) => p.countryId === c.id),
  };
}
