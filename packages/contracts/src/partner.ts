// Partners (SIM-bank owners) and their agents, the servers that speak the SMSHub agent protocol: the wire types of the
// partner's routes (/api/user/partner…) and of the operator console's (/api/ops/partners, /api/ops/agents).
import * as z from 'zod/mini';
import { amountSchema } from './amount';
import { intSchema } from './http';
import { reasonSchema } from './ops/shared';
import { singleLine } from './text';

/** At most this many agents per partner (removed ones do not count). */
export const maxAgentsPerPartner = 50;

/**
 * What an agent is doing for the platform: `active`; `paused` by its partner; `blocked` by an operator
 * (with a reason); `over-reporting` until a time, set by the platform when it announced more numbers
 * than it could give. The first that holds of blocked, over-reporting, paused wins.
 */
export const agentStates = ['active', 'paused', 'blocked', 'over-reporting'] as const;
export const agentStateSchema = z.enum(agentStates);
export type AgentState = z.infer<typeof agentStateSchema>;

/** An agent as its partner and the operators see it: never its key (shown once, when made or rotated). */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The agent's endpoint (http or https: the protocol allows both). */
  url: z.string(),
  state: agentStateSchema,
  /** Paused by its partner, whatever state wins (a blocked agent may be paused too: its partner resumes it, not the block). */
  paused: z.boolean(),
  /** Why an operator blocked it (null unless blocked). */
  blocked_reason: z.nullable(z.string()),
  /** Until when the platform takes no numbers from it (null unless over-reporting). */
  over_reporting_until: z.nullable(z.string()),
  created_at: z.string(),
  /** The platform's last GET_SERVICES to it: when, how long it took, what went wrong (null: none yet, or it went well). */
  last_poll_at: z.nullable(z.string()),
  last_latency_ms: z.nullable(intSchema()),
  last_error: z.nullable(z.string()),
  /** The numbers it last said it has, over every country, operator and service. */
  stock: intSchema(),
  /** Activations sold through it. */
  sold: intSchema(),
  /** What its partner earned through it, in dollars. */
  earned: z.number(),
  /** Its activations that ended, sold or not (all time). */
  ended: intSchema(),
  /** sold / ended, all time, from 0 to 1 (null until one ended). */
  success_rate: z.nullable(z.number()),
});
export type Agent = z.infer<typeof agentSchema>;

/** GET /api/user/partner: the caller's partner role (since when) and how many agents they have. */
export const partnerSummaryReplySchema = z.object({
  data: z.object({ since: z.string(), agents: intSchema(), max_agents: intSchema() }),
});
export type PartnerSummaryReply = z.infer<typeof partnerSummaryReplySchema>;

/** GET /api/user/partner/agents: the caller's agents, oldest first. */
export const agentsReplySchema = z.object({ data: z.array(agentSchema) });
export type AgentsReply = z.infer<typeof agentsReplySchema>;

const agentNameSchema = z.string().check(z.trim(), singleLine(), z.minLength(1, 'Give the agent a name'), z.maxLength(60, 'At most 60 characters'));
/** Checked by the server too: http or https, and never a private, loopback, link-local or metadata address. */
const agentUrlSchema = z.string().check(z.trim(), singleLine(), z.minLength(1), z.maxLength(2048));

/** POST /api/user/partner/agents. */
export const createAgentRequestSchema = z.strictObject({ name: agentNameSchema, url: agentUrlSchema });
export type CreateAgentRequest = z.infer<typeof createAgentRequestSchema>;

/** PATCH /api/user/partner/agents/{id}: a new name, a new URL, paused or resumed (at least one). */
export const updateAgentRequestSchema = z
  .strictObject({ name: z.optional(agentNameSchema), url: z.optional(agentUrlSchema), paused: z.optional(z.boolean()) })
  .check(z.refine((body) => body.name !== undefined || body.url !== undefined || body.paused !== undefined, { message: 'Change at least one thing' }));
export type UpdateAgentRequest = z.infer<typeof updateAgentRequestSchema>;

/** 201 (made) or 200 (key rotated): the agent and its protocol key, shown this once. */
export const agentWithKeyReplySchema = z.object({ data: agentSchema, key: z.string() });
export type AgentWithKeyReply = z.infer<typeof agentWithKeyReplySchema>;

/** PATCH, and the operators' block and unblock: the agent as it is now. */
export const agentReplySchema = z.object({ data: agentSchema });
export type AgentReply = z.infer<typeof agentReplySchema>;

/** Agent ids are time-sortable ids: 9 base-36 characters of time, 16 hex of chance. */
export const agentParamsSchema = z.strictObject({ id: z.string().check(singleLine(), z.regex(/^[0-9a-z]{9}[0-9a-f]{16}$/, 'Unknown agent')) });

/**
 * GET /api/ops/agents: every agent (removed ones left out), with its partner and what it last reported
 * that the platform could not place (country and service codes outside the catalogue), for operators to act on.
 */
export const opsAgentSchema = z.extend(agentSchema, {
  partner: z.object({ sub: z.string(), email: z.string() }),
  unknown_countries: z.array(z.string()),
  unknown_services: z.array(z.string()),
});
export type OpsAgent = z.infer<typeof opsAgentSchema>;
export const opsAgentsReplySchema = z.object({ data: z.array(opsAgentSchema) });
export type OpsAgentsReply = z.infer<typeof opsAgentsReplySchema>;

/** POST /api/ops/agents/{id}/block: why (shown to its partner). */
export const blockAgentRequestSchema = z.strictObject({ reason: reasonSchema });
export type BlockAgentRequest = z.infer<typeof blockAgentRequestSchema>;

/** A partner in the operators' list: since when, and how many agents. */
export const opsPartnerSchema = z.object({ sub: z.string(), email: z.string(), since: z.string(), agents: intSchema() });
export type OpsPartner = z.infer<typeof opsPartnerSchema>;
export const opsPartnersReplySchema = z.object({ data: z.array(opsPartnerSchema) });
export type OpsPartnersReply = z.infer<typeof opsPartnersReplySchema>;

/** POST /api/ops/partners: the account (by its e-mail) that becomes a partner. */
export const grantPartnerRequestSchema = z.strictObject({ email: z.pipe(z.string().check(z.trim(), singleLine(), z.toLowerCase()), z.email()) });
export type GrantPartnerRequest = z.infer<typeof grantPartnerRequestSchema>;
export const opsPartnerReplySchema = z.object({ data: opsPartnerSchema });
export type OpsPartnerReply = z.infer<typeof opsPartnerReplySchema>;

/** DELETE /api/ops/partners/{sub}: the account is no longer a partner (its agents stay, and are no longer its to manage). */
export const partnerParamsSchema = z.strictObject({ sub: z.string().check(singleLine(), z.regex(/^[0-9A-Za-z-]{8,64}$/, 'Invalid format.')) });
export const revokedPartnerReplySchema = z.object({ data: z.object({ sub: z.string(), email: z.string() }) });
export type RevokedPartnerReply = z.infer<typeof revokedPartnerReplySchema>;

/** The least a partner may ask to be paid out at once, in dollars (each payout is a transfer an operator makes by hand). */
export const minPayoutDollars = 10;
/** The most one payout may ask for (the balance is the real limit). */
export const maxPayoutDollars = 1_000_000;
export const maxPayoutDestinationLength = 200;

/** A payout is `requested` (its amount already debited) until an operator marks it `paid` or `refused` (the amount credited back). */
export const payoutStatuses = ['requested', 'paid', 'refused'] as const;
export const payoutStatusSchema = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** A payout as its partner sees it. */
export const payoutSchema = z.object({
  id: z.string(),
  /** Dollars. */
  amount: z.number(),
  /** Where the partner asked the money to go (an IBAN, a USDT TRC-20 address…), as they wrote it. */
  destination: z.string(),
  status: payoutStatusSchema,
  requested_at: z.string(),
  decided_at: z.nullable(z.string()),
  /** The operator's reference of the transfer made (paid), else null. */
  reference: z.nullable(z.string()),
  /** Why it was refused, else null. */
  reason: z.nullable(z.string()),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /api/user/partner/payouts (+ Idempotency-Key): how much, and where to. */
export const requestPayoutRequestSchema = z.strictObject({
  amount: amountSchema(minPayoutDollars, maxPayoutDollars),
  destination: z.string().check(z.trim(), singleLine(), z.minLength(1, 'Say where to send the money'), z.maxLength(maxPayoutDestinationLength)),
});
export type RequestPayoutRequest = z.infer<typeof requestPayoutRequestSchema>;

/** 201 the payout requested (the same one again for a retry with the same key), and the balance after its debit. */
export const requestedPayoutReplySchema = z.object({ data: payoutSchema, balance: z.number() });
export type RequestedPayoutReply = z.infer<typeof requestedPayoutReplySchema>;

/** GET /api/user/partner/payouts: the caller's payouts, newest first. */
export const payoutsReplySchema = z.object({ data: z.array(payoutSchema) });
export type PayoutsReply = z.infer<typeof payoutsReplySchema>;

/** Payout ids are time-sortable ids, as agents'. */
export const payoutParamsSchema = z.strictObject({ id: z.string().check(singleLine(), z.regex(/^[0-9a-z]{9}[0-9a-f]{16}$/, 'Unknown payout')) });

/** A payout in the operators' list: its partner, and who decided it. */
export const opsPayoutSchema = z.extend(payoutSchema, {
  partner: z.object({ sub: z.string(), email: z.string() }),
  decided_by: z.nullable(z.object({ sub: z.string(), email: z.string() })),
});
export type OpsPayout = z.infer<typeof opsPayoutSchema>;

/** GET /api/ops/payouts?status=: the payouts of that status (requested when not given); open ones oldest first, decided ones newest first. */
export const opsPayoutsQuerySchema = z.object({ status: z.optional(payoutStatusSchema) });
export const opsPayoutsReplySchema = z.object({ data: z.array(opsPayoutSchema) });
export type OpsPayoutsReply = z.infer<typeof opsPayoutsReplySchema>;
export const opsPayoutReplySchema = z.object({ data: opsPayoutSchema });
export type OpsPayoutReply = z.infer<typeof opsPayoutReplySchema>;

/** POST /api/ops/payouts/{id}/approve: the money was sent; the reference of that transfer (a transaction hash, a bank reference). */
export const approvePayoutRequestSchema = z.strictObject({
  reference: z.string().check(z.trim(), singleLine(), z.minLength(1, 'Give the reference of the transfer made'), z.maxLength(200)),
});
export type ApprovePayoutRequest = z.infer<typeof approvePayoutRequestSchema>;

/** POST /api/ops/payouts/{id}/refuse: why (shown to the partner); the amount goes back to their balance. */
export const refusePayoutRequestSchema = z.strictObject({ reason: reasonSchema });
export type RefusePayoutRequest = z.infer<typeof refusePayoutRequestSchema>;

// ---- Partners' share: what a partner earns of an activation its agent sold, per country and service ----

/** A share in percent of the activation's price: 0 to 100, whole or with one decimal (62.5). */
export const sharePercentSchema = z.number().check(
  z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
  z.minimum(0),
  z.maximum(100),
  z.refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { message: 'Must have at most 1 decimal.', params: { code: 'ONE_DECIMAL' } }),
);

/** A country or service id in a share rule; null: any. */
const shareTargetSchema = z.nullable(intSchema().check(z.positive(), z.maximum(1_000_000_000)));

/**
 * PUT /api/ops/partner-share: either the default (`default_percent`), or one rule upserted: a country, a
 * service or both (null: any) and its percent. The most specific rule of a sale wins: country and
 * service, then service, then country, then the default.
 */
export const putPartnerShareRequestSchema = z
  .strictObject({
    default_percent: z.optional(sharePercentSchema),
    country_id: z.optional(shareTargetSchema),
    service_id: z.optional(shareTargetSchema),
    percent: z.optional(sharePercentSchema),
  })
  .check(
    z.superRefine((body, ctx) => {
      const problem = (field: string, message: string, code: 'REQUIRED' | 'INVALID_VALUE') =>
        ctx.issues.push({ code: 'custom', message, path: [field], input: (body as Record<string, unknown>)[field], params: { code } });
      if (body.default_percent !== undefined) {
        for (const field of ['country_id', 'service_id', 'percent'] as const)
          if (body[field] !== undefined) problem(field, 'Set the default or one rule, not both at once.', 'INVALID_VALUE');
        return;
      }
      if (body.percent === undefined) problem('percent', 'Give the percent (or default_percent for the default).', 'REQUIRED');
      if (body.country_id === undefined) problem('country_id', 'Give the country id, or null for any country.', 'REQUIRED');
      if (body.service_id === undefined) problem('service_id', 'Give the service id, or null for any service.', 'REQUIRED');
      if (body.country_id === null && body.service_id === null)
        problem('service_id', 'A rule names a country, a service or both: the default covers every other sale.', 'INVALID_VALUE');
    }),
  );
export type PutPartnerShareRequest = z.infer<typeof putPartnerShareRequestSchema>;

/** `any` in a rule's path stands for any country or any service. */
export const anyShareTarget = 'any';
const shareTargetParamSchema = z.string().check(singleLine(), z.regex(/^(any|[1-9][0-9]{0,8})$/, 'A positive id, or any.'));
/** DELETE /api/ops/partner-share/rules/{country}/{service}: ids, or `any`. */
export const partnerShareRuleParamsSchema = z.strictObject({ country: shareTargetParamSchema, service: shareTargetParamSchema });

/** One rule as operators see it: what it covers (null: any), its percent, and an example of what it pays. */
export const partnerShareRuleSchema = z.object({
  country_id: z.nullable(intSchema()),
  /** Null for any country (or a country since removed from the catalogue: its id is still shown). */
  country_name: z.nullable(z.string()),
  service_id: z.nullable(intSchema()),
  service_name: z.nullable(z.string()),
  percent: z.number(),
  /** The Temporary price of the service in the country now, in dollars; null when the rule spans several, or none is offered. */
  temporary_price: z.nullable(z.number()),
  /** What a partner earns of that price (floored to the cent), in dollars; null with it. */
  partner_earns: z.nullable(z.number()),
});
export type PartnerShareRule = z.infer<typeof partnerShareRuleSchema>;

/** GET, PUT /api/ops/partner-share and DELETE of a rule: the default and every rule (most specific first), and the last edit. */
export const partnerShareReplySchema = z.object({
  data: z.object({
    default_percent: z.number(),
    rules: z.array(partnerShareRuleSchema),
    edited_at: z.nullable(z.string()),
    edited_by: z.nullable(z.string()),
  }),
});
export type PartnerShareReply = z.infer<typeof partnerShareReplySchema>;
