import type { DeliverySource } from '../stats';
import type { RentalItem } from './items';

/** Where a rental's number came from: a partner's agent (its `agentSale`), else our own inventory. */
export const deliverySourceOf = (rental: Pick<RentalItem, 'agentSale'>): DeliverySource => (rental.agentSale ? `agent:${rental.agentSale.agentId}` : 'own');
