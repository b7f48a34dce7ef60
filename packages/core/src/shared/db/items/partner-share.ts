/** Supply's share rules: what partners earn of the activations their agents sell (written only by packages/core/src/supply/agents). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * Every share rule in ONE item (SETTINGS#partner-share / SETTINGS): the default percent and the
 * overrides per (country, service), (country, any service) or (any country, service), an absent id
 * meaning any. One GetItem serves every purchase (cached per warm Lambda) and one conditional Put, on
 * `version`, makes each change: fine while the rules stay in the hundreds (an item holds 400 KB; a rule
 * is some 60 bytes). Absent until an operator first changes something: the default is then the
 * AGENT_SHARE_PERCENT setting. No index, no TTL.
 */
export const partnerShareItem = defineItem({
  name: 'partner share rules',
  owner: 'supply',
  key: (_: object) => ({ pk: 'SETTINGS#partner-share', sk: 'SETTINGS' }),
  schema: z.object({
    /** Percent of the price, whole or with one decimal. */
    defaultPercent: z.number(),
    rules: z.array(z.object({ countryId: z.optional(z.int()), serviceId: z.optional(z.int()), percent: z.number() })),
    /** Bumped by every change, which is conditioned on the one it read. */
    version: z.int(),
    editedAt: z.string(),
    /** The operator's e-mail. */
    editedBy: z.string(),
  }),
});
