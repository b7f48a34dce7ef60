import { dropUpstreamStock, listCountryItems, listOfferItems, recordUpstreamStock, serviceCatalog, type UpstreamOffer } from '../../catalogue';
import { updateItem } from '../../shared/db';
import { upstreamItem } from '../../shared/db/items/upstreams';
import { log } from '../../shared/log';
import { isLocalStage } from '../../shared/settings';
import { upstreamCostCents } from './money';
import { listUpstreams, upstreamState, type UpstreamItem } from './registry';

/** An upstream's price list and balance may each take this long; a slower one keeps its last offers until they go stale. */
export const syncDeadlineMs = 8_000;

export interface SyncOutcome {
  upstreamId: string;
  ok: boolean;
  ms: number;
  /** The numbers it offers in the countries and services we sell. */
  total: number;
  error?: string;
}

/**
 * One sync of one upstream: its prices and balance; its offers stored per country (our country and
 * service ids, the cost in cents rounded up, the count) for the countries and services our catalogue
 * sells as Temporary; its health on the upstream. A failure keeps the last offers, which go stale on
 * their own if it stays unreachable.
 */
export async function syncUpstream(upstream: UpstreamItem, now = new Date()): Promise<SyncOutcome> {
  const { upstreamPrices, upstreamBalance, ourCodesOf } = await import('../../shared/upstream-protocol');
  const options = { deadlineMs: syncDeadlineMs, local: isLocalStage() };
  const [prices, balance] = await Promise.all([upstreamPrices(upstream, options), upstreamBalance(upstream, options)]);
  const ms = Math.round(Math.max(prices.ms, balance.ms));
  if (!prices.ok) {
    const error = `prices: ${prices.failure}: ${prices.detail}`.slice(0, 300);
    await updateItem(upstreamItem, { id: upstream.id }, { set: { lastSyncAt: now.toISOString(), lastLatencyMs: ms, lastError: error } });
    return { upstreamId: upstream.id, ok: false, ms, total: upstream.stockTotal ?? 0, error };
  }
  const [countries, catalog] = await Promise.all([listCountryItems(), serviceCatalog()]);
  const countryIdByIso = new Map(countries.map((c) => [c.iso, c.id]));
  const sold = new Map<number, Set<number>>();
  const byCountry = new Map<number, Map<number, UpstreamOffer>>();
  let total = 0;
  for (const line of prices.reply) {
    if (line.count <= 0) continue;
    const ours = ourCodesOf(upstream.kind, line.country, line.service);
    const countryId = ours && countryIdByIso.get(ours.iso);
    const serviceId = ours && catalog.byCode.get(ours.serviceCode)?.id;
    if (countryId === undefined || serviceId === undefined) continue;
    if (!sold.has(countryId))
      sold.set(countryId, new Set((await listOfferItems(countryId)).filter((o) => o.temporaryPriceCents !== undefined).map((o) => o.serviceId)));
    if (!sold.get(countryId)!.has(serviceId)) continue;
    let costCents: number;
    try {
      costCents = upstreamCostCents(line.price, upstream.rate);
    } catch {
      continue; // a price that is no decimal is no offer
    }
    const offers = byCountry.get(countryId) ?? new Map<number, UpstreamOffer>();
    byCountry.set(countryId, offers);
    // 5sim prices each operator apart: the cheapest is what `any` buys, and the counts add up.
    const known = offers.get(serviceId);
    offers.set(serviceId, { serviceId, costCents: Math.min(costCents, known?.costCents ?? costCents), count: line.count + (known?.count ?? 0) });
    total += line.count;
  }
  const stock = new Map<number, UpstreamOffer[]>([...byCountry].map(([countryId, offers]) => [countryId, [...offers.values()]]));
  await recordUpstreamStock(upstream.id, stock, upstream.stockCountries ?? [], now);
  await updateItem(
    upstreamItem,
    { id: upstream.id },
    {
      set: {
        lastSyncAt: now.toISOString(),
        lastLatencyMs: ms,
        stockTotal: total,
        stockCountries: [...stock.keys()],
        ...(balance.ok ? { balance: balance.reply } : { lastError: `balance: ${balance.failure}: ${balance.detail}`.slice(0, 300) }),
      },
      ...(balance.ok ? { remove: ['lastError' as const] } : {}),
    },
  );
  return { upstreamId: upstream.id, ok: true, ms, total };
}

/** One sync of every active upstream, at once; a paused or removed one's offers are taken off. */
export async function syncUpstreams(now = new Date()): Promise<SyncOutcome[]> {
  const upstreams = await listUpstreams();
  const inactive = upstreams.filter((u) => upstreamState(u) !== 'active' && u.stockCountries?.length);
  await Promise.all(
    inactive.map(async (u) => {
      await dropUpstreamStock(u.id, u.stockCountries ?? []);
      await updateItem(upstreamItem, { id: u.id }, { set: { stockCountries: [], stockTotal: 0 } });
    }),
  );
  return Promise.all(
    upstreams
      .filter((u) => upstreamState(u) === 'active')
      .map((u) =>
        syncUpstream(u, now).catch((error: unknown) => {
          log.error('upstream sync failed', { upstreamId: u.id, error: String(error) });
          return { upstreamId: u.id, ok: false, ms: 0, total: 0, error: String(error) };
        }),
      ),
  );
}
