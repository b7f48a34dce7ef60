import { agentStockIn, type CountryItem } from '../../catalogue';
import { partnersBarred, type UserItem } from '../../accounts';
import { readItems } from '../../shared/db';
import { agentItem } from '../../shared/db/items/agents';
import { agentState, type AgentItem } from './registry';
import { partnerShare, partnerShareCents, sharePercentFor } from './share';

export interface AgentPurchase {
  user: UserItem;
  country: Pick<CountryItem, 'id' | 'iso' | 'dialCode'>;
  service: { id: number; code: string };
  /** The customer's `phoneException` prefixes (country code first): the agent must not give such a number. */
  exceptions: readonly string[];
  /** The purchase's idempotency key (the customer's order or a fresh one). */
  idempotencyKey: string;
  priceCents: number;
}

/** An agent with fresh stock for the service: the operator to ask for (its largest, `any` when it names none) and how many it reported. */
export interface AgentOffer {
  agentId: string;
  operator: string;
  reported: number;
}

/** An offer of an agent that may sell now (active, its partner in good standing), with its item. */
export interface LiveAgentOffer extends AgentOffer {
  agent: AgentItem;
}

/**
 * What partners' agents offer for a Temporary activation of the service in the country: each live
 * agent with fresh stock for it (most stock first), and the partner's share of the price (GET_NUMBER's
 * `sum`, credited when the activation is sold).
 */
export async function agentOffersFor(
  purchase: Pick<AgentPurchase, 'country' | 'service' | 'priceCents'>,
): Promise<{ offers: LiveAgentOffer[]; sumCents: number }> {
  const offers = (await agentStockIn(purchase.country.id))
    .map((stock) => {
      const operators = Object.entries(stock.operators)
        .map(([operator, services]) => [operator, services[purchase.service.id] ?? 0] as const)
        .filter(([, count]) => count > 0)
        .sort(([, a], [, b]) => b - a);
      return { agentId: stock.agentId, operator: operators[0]?.[0] ?? 'any', reported: operators.reduce((sum, [, count]) => sum + count, 0) };
    })
    .filter((offer) => offer.reported > 0)
    .sort((a, b) => b.reported - a.reported);
  if (!offers.length) return { offers: [], sumCents: 0 };
  const [live, shares] = await Promise.all([liveAgents(offers), partnerShare()]);
  return { offers: live, sumCents: partnerShareCents(purchase.priceCents, sharePercentFor(shares, purchase.country.id, purchase.service.id)) };
}

/** The offers of agents that are active now, in the offers' order, with their items. */
async function liveAgents(offers: readonly AgentOffer[]): Promise<LiveAgentOffer[]> {
  const agents = new Map(
    (
      await readItems(
        agentItem,
        offers.map((offer) => ({ id: offer.agentId })),
      )
    ).map((agent) => [agent.id, agent]),
  );
  const now = new Date();
  const live = offers.flatMap((offer) => {
    const agent = agents.get(offer.agentId);
    return agent && !agent.removedAt && agentState(agent, now) === 'active' ? [{ ...offer, agent }] : [];
  });
  // Its partner revoked, blocked or gone since the last poll: its stock is not sold meanwhile.
  const barred = await partnersBarred(live.map((offer) => offer.agent.partnerSub));
  return live.filter((offer) => !barred.has(offer.agent.partnerSub));
}
