import type { DeliverySource } from '../stats';
import type { RentalItem } from './items';

/** Where a rental's number came from: a partner's agent (its `agentSale`), an upstream provider (its `upstreamSale`), else our own inventory. */
export const deliverySourceOf = (rental: Pick<RentalItem, 'agentSale' | 'upstreamSale'>): DeliverySource =>
  rental.agentSale ? `agent:${rental.agentSale.agentId}` : rental.upstreamSale ? `upstream:${rental.upstreamSale.upstreamId}` : 'own';

/** What the source costs us for the rental: an agent's partner earns its `sumCents`, an upstream charged its `costCents`; our own numbers cost nothing yet. */
export const sourceCostOf = (rental: Pick<RentalItem, 'agentSale' | 'upstreamSale'>): number =>
  rental.agentSale?.sumCents ?? rental.upstreamSale?.costCents ?? 0;
