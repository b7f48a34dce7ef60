import type { DeliverySource } from '../stats';
import type { RentalItem } from './items';

/** Where a rental's number came from: a partner's agent (its `agentSale`), else our own inventory. */
export const deliverySourceOf = (rental: Pick<RentalItem, 'agentSale'>): DeliverySource => (rental.agentSale ? `agent:${rental.agentSale.agentId}` : 'own');

/** What the source costs us for the rental: an agent's partner earns its `sumCents`; our own numbers cost nothing yet. */
export const sourceCostOf = (rental: Pick<RentalItem, 'agentSale'>): number => rental.agentSale?.sumCents ?? 0;
