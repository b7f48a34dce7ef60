/** Supply's agents: the SIM banks' servers that speak the SMSHub agent protocol (written only by packages/core/src/supply/agents). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** The one partition of every agent (a few thousand at most: operators list it whole, the poller walks it). */
export const agentsPartition = 'AGENTS';

const operatorRefSchema = z.object({ sub: z.string(), email: z.string() });

/**
 * An agent (AGENTS / AGENT#<time id>): its partner, name, endpoint and protocol key (sent to the agent in
 * every request, so kept as it is; shown to the partner only when made or rotated). What it is doing is
 * three marks, so none hides another: `pausedAt` (its partner), `blocked` (an operator, with a reason),
 * `overReportingUntil` (the platform); `removedAt` ends it, its history kept. The poller fills the
 * health fields and the totals. No index, no TTL.
 */
export const agentItem = defineItem({
  name: 'agent',
  owner: 'supply',
  key: ({ id }: { id: string }) => ({ pk: agentsPartition, sk: `AGENT#${id}` }),
  schema: z.object({
    id: z.string(),
    partnerSub: z.string(),
    name: z.string(),
    url: z.string(),
    key: z.string(),
    createdAt: z.string(),
    /** Who made it: the partner (their e-mail), or an operator's e-mail. */
    createdBy: z.string(),
    pausedAt: z.optional(z.string()),
    blocked: z.optional(z.object({ reason: z.string(), at: z.string(), by: operatorRefSchema })),
    overReportingUntil: z.optional(z.string()),
    removedAt: z.optional(z.string()),
    lastPollAt: z.optional(z.string()),
    lastLatencyMs: z.optional(z.int()),
    lastError: z.optional(z.string()),
    /** The numbers it last reported, over every country, operator and service. */
    stockTotal: z.optional(z.int()),
    /** What it last reported that we could not place (protocol country names, service codes), for operators. */
    unknownCountries: z.optional(z.array(z.string())),
    unknownServices: z.optional(z.array(z.string())),
    /** When it recently said NO_NUMBERS after reporting stock, or gave a number we had to refuse (buy.ts counts them). */
    strikes: z.optional(z.array(z.string())),
    /** The countries (ids) of its last stored report, to read its stock items by key. */
    stockCountries: z.optional(z.array(z.int())),
    soldCount: z.optional(z.int()),
    earnedCents: z.optional(z.int()),
    /** Its activations that ended (sold or not), counted as `soldCount` is: the success rate's denominator. */
    endedCount: z.optional(z.int()),
  }),
});

/**
 * A partner's agents (USER#<sub> / AGENTS): the ids of the live ones, a string set (absent when there is
 * none). Added to in the transaction that makes an agent, conditioned on holding fewer than the limit,
 * and taken from in the one that removes it: the list of a partner's agents and its count in one item.
 */
export const partnerAgentsItem = defineItem({
  name: "partner's agents",
  owner: 'supply',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'AGENTS' }),
  schema: z.object({
    sub: z.string(),
    // A string set as DynamoDB gives it.
    ids: z.optional(z.custom<Set<string>>((value) => value instanceof Set)),
  }),
});

/**
 * An agent found by its key (AGENT_KEY#<sha256 hex of the key> / AGENT_KEY): the platform's PUSH_SMS
 * route names the agent only by the key in the body. Written with the agent, moved when its key is
 * rotated, deleted when it is removed; the key itself is not stored here. No index, no TTL.
 */
export const agentByKeyItem = defineItem({
  name: 'agent by key',
  owner: 'supply',
  key: ({ keyHash }: { keyHash: string }) => ({ pk: `AGENT_KEY#${keyHash}`, sk: 'AGENT_KEY' }),
  schema: z.object({ agentId: z.string() }),
  schemaAttributesOnly: true,
});
