import type { CountryItem } from '../../catalogue';
import { outsideNumber, type OutsideNumber } from '../inventory/outside-numbers';

export type AgentNumber = OutsideNumber;

/** The catalogue number for a phone an agent gave for an activation (the protocol's `number`): see outsideNumber. */
export const agentNumber = (agentId: string, digits: string, country: Pick<CountryItem, 'id' | 'dialCode'>): Promise<AgentNumber> =>
  outsideNumber({ provider: 'agent', agentId }, digits, country);
