import { readPage, txPut, txPutNew, type Page, type TransactPart } from '../shared/db';
import { agentActivationItem } from '../shared/db/items/rentals-agent-activations';
import type * as z from 'zod/mini';
import type { FinishStatus } from './agent-sales';
import type { RentalItem } from './items';

/** An activation an agent served, as its pages list it. */
export type AgentActivationItem = z.infer<typeof agentActivationItem.schema>;

/** The pages of an agent's activations hold this many. */
export const agentActivationsPageSize = 50;

type AgentRental = RentalItem & { agentSale: NonNullable<RentalItem['agentSale']> };

function activationOf(rental: AgentRental, end?: { status: FinishStatus; at: Date }): AgentActivationItem {
  return {
    agentId: rental.agentSale.agentId,
    rentalId: rental.id,
    partnerSub: rental.agentSale.partnerSub,
    activationId: rental.agentSale.activationId,
    startedAt: rental.startedAt,
    countryId: rental.countryId,
    countryCode: rental.countryCode,
    countryName: rental.countryName,
    ...(rental.serviceName === undefined ? {} : { serviceName: rental.serviceName }),
    e164: rental.e164,
    sumCents: rental.agentSale.sumCents,
    ...(end ? { status: end.status, endedAt: end.at.toISOString() } : {}),
  };
}

/** The purchase's part: the activation joins its agent's list (put only if new, as the rental itself). */
export const agentActivationStartPart = (rental: AgentRental, onTaken: () => Error): TransactPart =>
  txPutNew(agentActivationItem, activationOf(rental), onTaken);

/**
 * The end's part: the whole entry again with its final status (a put, not an update, so an activation
 * bought before this list existed gets its entry at its end rather than a partial one).
 */
export const agentActivationEndPart = (rental: AgentRental, status: FinishStatus, now: Date, onFailed: () => Error): TransactPart =>
  txPut(agentActivationItem, activationOf(rental, { status, at: now }), { onConditionFailed: onFailed });

/** One page of an agent's activations, newest first; the cursor is the previous page's. */
export function listAgentActivations(agentId: string, cursor?: string): Promise<Page<AgentActivationItem>> {
  return readPage(agentActivationItem, { agentId, rentalId: '' }, agentActivationsPageSize, cursor, { skPrefix: 'ACTIVATION#', descending: true });
}
