import { agentStockIn, type CountryItem } from '../../catalogue';
import type { RentalItem } from '../../rentals';
import { buyFromOffers } from './agent-purchase';
import { partnerShare, partnerShareCents, sharePercentFor } from './share';
import type { UserItem } from '../../accounts';

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

/**
 * A Temporary activation served by a partner's agent: the agents with fresh stock for the service in
 * the country are asked in turn (GET_NUMBER, `getNumberDeadlineMs` each, `outsideSupplyBudgetMs` in
 * all); the first number given that passes our checks is bought from the customer's balance through
 * the same purchase as any other Temporary number. Undefined when no agent gave one. A number given
 * and then not sold (refused, or the purchase failed) is handed back at once (FINISH_ACTIVATION 4).
 * Only a purchase some agent has stock for loads the protocol's code (see shared/agent-protocol).
 */
export async function buyFromAgents(purchase: AgentPurchase, started = Date.now()): Promise<RentalItem | undefined> {
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
  if (!offers.length) return undefined;
  // The partner's share of this country and service (GET_NUMBER's `sum`, credited when the activation is sold).
  const percent = sharePercentFor(await partnerShare(), purchase.country.id, purchase.service.id);
  return buyFromOffers({ ...purchase, sumCents: partnerShareCents(purchase.priceCents, percent) }, offers, started);
}
