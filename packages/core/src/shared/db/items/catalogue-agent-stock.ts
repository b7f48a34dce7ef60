/** Partners' agents' stock as the catalogue counts it (a file of its own: the picker's Lambdas read it). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** operator -> service id -> count, as stored. */
const isOperatorStock = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((services) => typeof services === 'object' && services !== null && Object.values(services).every(Number.isSafeInteger));

/**
 * What one agent last reported it can sell in one country (AGENT_STOCK#<country> / AGENT#<agent>):
 * per operator as the agent names it (`any` included), per service id, a count. Rewritten on each
 * poll that changes it, and at least every `agentStockRefreshMs`, so a report older than
 * `agentStockFreshMs` is an agent that stopped answering: not counted. TTL: gone a while after that.
 */
export const agentStockItem = defineItem({
  name: 'agent stock in a country',
  owner: 'catalogue',
  key: ({ countryId, agentId }: { countryId: number; agentId: string }) => ({ pk: `AGENT_STOCK#${countryId}`, sk: `AGENT#${agentId}` }),
  schema: z.object({
    countryId: z.int(),
    agentId: z.string(),
    // Checked by hand: z.record would cost the picker's and the developer API's Lambdas a KB.
    operators: z.custom<Record<string, Record<string, number>>>(isOperatorStock),
    reportedAt: z.string(),
    /** Epoch seconds. */
    expiresAt: z.number(),
  }),
  expiresAt: (item) => item.expiresAt,
});
