/**
 * What operators see of the sources and the router: each source's delivery over the last 30 days
 * (the console's Upstreams page) and a customer's purchase decisions (the customer page), with the
 * sources named as the registries name them and money in dollars.
 */
import { ownSource } from '@numbernest/contracts';
import type { DeliveryBySourceReply, PurchaseDecisionsReply, SourceKind } from '@numbernest/contracts/ops';
import { listCountryItems, serviceCatalog } from '../../catalogue';
import { deliveryBySource, minActivationsForRate } from '../../stats';
import { readPartition } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { upstreamItem } from '../../shared/db/items/upstreams';
import { toDollars } from '../../shared/pricing';
import { purchaseDecisionsOf } from './decisions';

interface NamedSource {
  source: string;
  kind: SourceKind;
  name: string;
}

/**
 * Names every source: `own` for our numbers, each agent's and upstream's name (removed ones too: a
 * decision outlives them). A source no registry knows keeps its id as its name.
 */
async function sourceNamer(): Promise<(source: string) => NamedSource> {
  const [agents, upstreams] = await Promise.all([readPartition(agentItem, { id: '' }), readPartition(upstreamItem, { id: '' })]);
  const names = new Map<string, string>([
    ...agents.map((a): [string, string] => [`agent:${a.id}`, a.name]),
    ...upstreams.map((u): [string, string] => [`upstream:${u.id}`, u.name]),
  ]);
  return (source) => {
    if (source === ownSource) return { source, kind: 'own', name: ownSource };
    const [prefix, id = source] = source.split(':');
    const kind: SourceKind = prefix === 'agent' ? 'agent' : 'upstream';
    return { source, kind, name: names.get(source) ?? id };
  };
}

/** Every source that sold or delivered in the last 30 days, over all countries and services, most purchases first. */
export async function deliveryBySourceView(now = new Date()): Promise<DeliveryBySourceReply> {
  const [rows, named] = await Promise.all([deliveryBySource(now), sourceNamer()]);
  const data = rows
    .map((row) => ({
      ...named(row.source),
      purchases: row.activations,
      codes: row.delivered,
      reported: row.reported,
      rate: row.rate,
      median_ms_to_code: row.medianMsToCode,
      margin: toDollars(row.marginCents),
    }))
    .sort((a, b) => b.purchases - a.purchases || b.codes - a.codes || a.name.localeCompare(b.name));
  return { data, min_purchases_for_rate: minActivationsForRate };
}

/** A customer's newest 50 purchase decisions, newest first, with country, service and source names. */
export async function purchaseDecisionsView(sub: string): Promise<PurchaseDecisionsReply> {
  const [decisions, countries, services, named] = await Promise.all([purchaseDecisionsOf(sub, 50), listCountryItems(), serviceCatalog(), sourceNamer()]);
  const countryName = new Map(countries.map((c) => [c.id, c.name]));
  return {
    data: decisions.map((d) => ({
      id: d.id,
      at: d.at,
      country_id: d.countryId,
      country_name: countryName.get(d.countryId) ?? null,
      service_id: d.serviceId,
      service_name: services.byId.get(d.serviceId)?.name ?? null,
      price: toDollars(d.priceCents),
      candidates: d.candidates.map((c) => ({
        ...named(c.source),
        rate: c.rate,
        rank_rate: c.rankRate,
        activations: c.activations,
        margin: toDollars(c.marginCents),
        call_ms: c.callMs,
        median_ms_to_code: c.medianMsToCode,
      })),
      excluded: d.excluded.map(named),
      tried: d.tried.map((t) => ({ ...named(t.source), outcome: t.outcome, detail: t.detail ?? null, ms: t.ms })),
      bought: d.source ? named(d.source) : null,
      rental_id: d.rentalId ?? null,
      ms: d.ms,
    })),
  };
}
