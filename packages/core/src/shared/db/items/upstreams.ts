/** Supply's upstream providers and the operators' source rules (written only by packages/core/src/supply/upstreams). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** The one partition of every upstream (a handful: operators list it whole, the sync walks it). */
export const upstreamsPartition = 'UPSTREAMS';

/**
 * An upstream provider we buy Temporary activations from (UPSTREAMS / UPSTREAM#<time id>): its protocol
 * (`kind`), base URL and API key (sent on every call, so kept as it is; views show its last 4
 * characters), the currency of its prices with the rate that turns them into dollars (a decimal
 * string: never a float in money math), and the operator's minimum margin. `pausedAt` (an operator)
 * and `removedAt` (kept for its history) are marks; the sync and purchases fill the health fields and
 * the totals. No index, no TTL.
 */
export const upstreamItem = defineItem({
  name: 'upstream',
  owner: 'supply',
  key: ({ id }: { id: string }) => ({ pk: upstreamsPartition, sk: `UPSTREAM#${id}` }),
  schema: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['sms-activate', '5sim']),
    url: z.string(),
    key: z.string(),
    currency: z.enum(['USD', 'RUB']),
    /** Dollars per one unit of `currency`, e.g. `1` or `0.0109` (at most 6 decimals). */
    rate: z.string(),
    minMarginPercent: z.number(),
    createdAt: z.string(),
    /** The operator's e-mail (or the command line's user). */
    createdBy: z.string(),
    pausedAt: z.optional(z.string()),
    removedAt: z.optional(z.string()),
    lastSyncAt: z.optional(z.string()),
    lastLatencyMs: z.optional(z.int()),
    lastError: z.optional(z.string()),
    /** Its last balance, a decimal string in its currency, as it answered. */
    balance: z.optional(z.string()),
    /** The numbers it last offered, over every country and service. */
    stockTotal: z.optional(z.int()),
    /** The countries its last sync stored stock for (the next sync removes those it no longer offers). */
    stockCountries: z.optional(z.array(z.int())),
    spendCents: z.optional(z.int()),
    purchases: z.optional(z.int()),
    /** Purchases that got a code. */
    codes: z.optional(z.int()),
  }),
});

/**
 * An upstream's name taken (UPSTREAM_NAME#<lower-case name> / UPSTREAM_NAME): put only if new in the
 * transaction that adds or renames the upstream, deleted in the one that renames or removes it, so two
 * upstreams never share a name, whatever its case. No index, no TTL.
 */
export const upstreamNameItem = defineItem({
  name: 'upstream name',
  owner: 'supply',
  key: ({ name }: { name: string }) => ({ pk: `UPSTREAM_NAME#${name.toLowerCase()}`, sk: 'UPSTREAM_NAME' }),
  schema: z.object({ upstreamId: z.string() }),
  schemaAttributesOnly: true,
});

/**
 * Every source rule in ONE item (SETTINGS#source-rules / SETTINGS), as the partners' share rules are:
 * per (country, service) or (country, any service) either a pinned source (only it sells there) or
 * excluded ones, a source being `own`, `agent:<id>` or `upstream:<id>`. One GetItem serves every
 * purchase (cached per warm Lambda), one conditional Put on `version` makes each change. Absent until
 * an operator first sets a rule. No index, no TTL.
 */
export const sourceRulesItem = defineItem({
  name: 'source rules',
  owner: 'supply',
  key: (_: object) => ({ pk: 'SETTINGS#source-rules', sk: 'SETTINGS' }),
  schema: z.object({
    rules: z.array(z.object({ countryId: z.int(), serviceId: z.optional(z.int()), pin: z.optional(z.string()), exclude: z.optional(z.array(z.string())) })),
    version: z.int(),
    editedAt: z.string(),
    editedBy: z.string(),
  }),
});
