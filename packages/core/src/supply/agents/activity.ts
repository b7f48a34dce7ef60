import {
  agentStockRowsShown,
  type AgentActivation,
  type AgentActivationOutcome,
  type AgentActivationsReply,
  type AgentStockReply,
} from '@numbernest/contracts';
import { agentStockOf, listCountryItems, serviceCatalog, stockByService } from '../../catalogue';
import { toDollars } from '../../shared/pricing';
import { listAgentActivations, type AgentActivationItem, type FinishStatus } from '../../rentals';
import { findAgent, AgentNotFoundError, type AgentItem } from './registry';

const outcomeOf: Record<FinishStatus, AgentActivationOutcome> = { 1: 'used', 3: 'sold', 4: 'cancelled', 5: 'refunded' };

function toActivationView(activation: AgentActivationItem): AgentActivation {
  const outcome = activation.status === undefined ? 'waiting' : outcomeOf[activation.status];
  return {
    id: activation.rentalId,
    activation_id: activation.activationId,
    started_at: activation.startedAt,
    ended_at: activation.endedAt ?? null,
    country_code: activation.countryCode,
    country_name: activation.countryName,
    service: activation.serviceName ?? null,
    number: activation.e164,
    outcome,
    earned: outcome === 'sold' ? toDollars(activation.sumCents) : 0,
  };
}

/** The agent, if it is live and (given a partner) that partner's: otherwise AgentNotFoundError, so another's agent is as absent as none. */
async function viewableAgent(id: string, partnerSub?: string): Promise<AgentItem> {
  const agent = await findAgent(id);
  if (!agent || agent.removedAt || (partnerSub !== undefined && agent.partnerSub !== partnerSub)) throw new AgentNotFoundError(id);
  return agent;
}

/** A page of the activations an agent served, newest first: for its partner (`partnerSub`) or an operator. */
export async function agentActivations(id: string, cursor: string | undefined, partnerSub?: string): Promise<AgentActivationsReply> {
  await viewableAgent(id, partnerSub);
  const page = await listAgentActivations(id, cursor);
  return { data: page.items.map(toActivationView), next_cursor: page.cursor ?? null };
}

/** An agent's fresh stock by country and service, largest first: the first rows, and the others summed. */
export async function agentStockBreakdown(id: string, partnerSub?: string): Promise<AgentStockReply['data']> {
  const agent = await viewableAgent(id, partnerSub);
  const [reports, countries, services] = await Promise.all([agentStockOf(id, agent.stockCountries ?? []), listCountryItems(), serviceCatalog()]);
  const countryById = new Map(countries.map((country) => [country.id, country]));
  const counts = new Map<string, { countryId: number; serviceId: number; count: number }>();
  for (const report of reports) {
    for (const [serviceId, count] of stockByService(report.operators)) {
      const key = `${report.countryId}:${serviceId}`;
      const row = counts.get(key) ?? { countryId: report.countryId, serviceId, count: 0 };
      row.count += count;
      counts.set(key, row);
    }
  }
  const sorted = [...counts.values()].sort((a, b) => b.count - a.count || a.countryId - b.countryId || a.serviceId - b.serviceId);
  const rows = sorted.slice(0, agentStockRowsShown).map(({ countryId, serviceId, count }) => {
    const country = countryById.get(countryId);
    const service = services.byId.get(serviceId);
    return {
      country_code: country?.iso.toUpperCase() ?? '',
      country_name: country?.name ?? String(countryId),
      service: service?.name ?? String(serviceId),
      count,
    };
  });
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  return { rows, rest: total - rows.reduce((sum, row) => sum + row.count, 0), total };
}
