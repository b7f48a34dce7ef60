import { deleteItem, putItem, readItems, readPartition } from '../shared/db';
import { agentStockItem } from '../shared/db/items/catalogue-agent-stock';
import { cachedReference, forgetReference } from './reference-cache';

/**
 * Partners' agents report what they can sell every 10-20 s; the catalogue offers it as Temporary
 * stock beside its own numbers. A report is counted while fresh: an agent that stops answering
 * drops out of the counts within `agentStockFreshMs` without anyone deleting it.
 */
export const agentStockFreshMs = 60_000;
/** An unchanged report is rewritten this often, to stay fresh. */
export const agentStockRefreshMs = 30_000;
/** Readers share one read of a country's reports for this long (a warm Lambda). */
const readCacheMs = 3_000;

/** One agent's stock in one country: operator -> service id -> count. */
export type OperatorStock = Record<string, Record<string, number>>;

export interface AgentStock {
  agentId: string;
  operators: OperatorStock;
  reportedAt: string;
}

/** The stock by service id, all operators together. */
export function stockByService(operators: OperatorStock): Map<number, number> {
  const totals = new Map<number, number>();
  for (const services of Object.values(operators)) {
    for (const [serviceId, count] of Object.entries(services)) {
      if (count > 0) totals.set(Number(serviceId), (totals.get(Number(serviceId)) ?? 0) + count);
    }
  }
  return totals;
}

const sameStock = (a: OperatorStock, b: OperatorStock) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (stock: OperatorStock) =>
  Object.entries(stock)
    .map(([operator, services]) => [operator, Object.entries(services).sort(([x], [y]) => Number(x) - Number(y))] as const)
    .sort(([x], [y]) => x.localeCompare(y));

/**
 * Records an agent's report: one item per country it has stock in, written when it changed or is
 * about to go stale; the countries it no longer reports (listed in `before`) are removed at once.
 * Answers what is now stored, for the next call's `before`.
 */
export async function recordAgentStock(
  agentId: string,
  report: ReadonlyMap<number, OperatorStock>,
  before: ReadonlyMap<number, AgentStock>,
  now = new Date(),
): Promise<Map<number, AgentStock>> {
  const stored = new Map<number, AgentStock>();
  const writes: Promise<unknown>[] = [];
  for (const [countryId, operators] of report) {
    const previous = before.get(countryId);
    if (previous && sameStock(previous.operators, operators) && now.getTime() - Date.parse(previous.reportedAt) < agentStockRefreshMs) {
      stored.set(countryId, previous);
      continue;
    }
    const reportedAt = now.toISOString();
    const expiresAt = Math.floor((now.getTime() + 10 * agentStockFreshMs) / 1000);
    writes.push(putItem(agentStockItem, { countryId, agentId, operators, reportedAt, expiresAt }));
    stored.set(countryId, { agentId, operators, reportedAt });
  }
  for (const countryId of before.keys()) {
    if (!report.has(countryId)) writes.push(deleteItem(agentStockItem, { countryId, agentId }));
  }
  await Promise.all(writes);
  for (const countryId of new Set([...report.keys(), ...before.keys()])) forgetReference(cacheKey(countryId));
  return stored;
}

/** Takes an agent's stock off the catalogue at once (paused, blocked, removed, over-reporting). */
export async function dropAgentStock(agentId: string, countryIds: Iterable<number>): Promise<void> {
  const ids = [...countryIds];
  await Promise.all(ids.map((countryId) => deleteItem(agentStockItem, { countryId, agentId })));
  for (const countryId of ids) forgetReference(cacheKey(countryId));
}

const cacheKey = (countryId: number) => `agent-stock:${countryId}`;

/** Every fresh agent report in a country (one read, shared by a warm Lambda's requests for a few seconds). */
export async function agentStockIn(countryId: number, now = Date.now()): Promise<AgentStock[]> {
  const reports = await cachedReference(cacheKey(countryId), () => readPartition(agentStockItem, { countryId, agentId: '' }), readCacheMs);
  return reports
    .filter((report) => now - Date.parse(report.reportedAt) < agentStockFreshMs)
    .map(({ agentId, operators, reportedAt }) => ({ agentId, operators, reportedAt }));
}

/** The agents' fresh stock in a country by service id (all agents and operators together). */
export async function agentStockCounts(countryId: number): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  for (const { operators } of await agentStockIn(countryId)) {
    for (const [serviceId, count] of stockByService(operators)) totals.set(serviceId, (totals.get(serviceId) ?? 0) + count);
  }
  return totals;
}

/** One agent's fresh reports in the countries it last reported (the agent item lists them), for its partner's and operators' pages. */
export async function agentStockOf(agentId: string, countryIds: readonly number[], now = Date.now()): Promise<Array<AgentStock & { countryId: number }>> {
  const reports = await readItems(
    agentStockItem,
    countryIds.map((countryId) => ({ countryId, agentId })),
  );
  return reports
    .filter((report) => now - Date.parse(report.reportedAt) < agentStockFreshMs)
    .map(({ countryId, operators, reportedAt }) => ({ countryId, agentId, operators, reportedAt }));
}
