// Upstream providers the platform buys Temporary activations from (SMS-Activate's protocol or 5sim's v1 API), and
// the operators' source rules per country and service: the wire types of /api/ops/upstreams and /api/ops/source-rules.
import * as z from 'zod/mini';
import { intSchema } from './http';
import { singleLine } from './text';

/** The protocol an upstream speaks: SMS-Activate's handler_api (HeroSMS, Grizzly, SMSHub, DaisySMS…) or 5sim's v1 API. */
export const upstreamKinds = ['sms-activate', '5sim'] as const;
export const upstreamKindSchema = z.enum(upstreamKinds);
export type UpstreamKind = z.infer<typeof upstreamKindSchema>;

/** The currency an upstream's prices and balance are in. */
export const upstreamCurrencies = ['USD', 'RUB'] as const;
export const upstreamCurrencySchema = z.enum(upstreamCurrencies);
export type UpstreamCurrency = z.infer<typeof upstreamCurrencySchema>;

/** `active`: bought from; `paused` by an operator; `removed` (kept for its history, never listed). */
export const upstreamStates = ['active', 'paused', 'removed'] as const;
export const upstreamStateSchema = z.enum(upstreamStates);
export type UpstreamState = z.infer<typeof upstreamStateSchema>;

/** The operator's minimum margin when none is given: we never pay an upstream more than 90 % of the customer's price. */
export const defaultMinMarginPercent = 10;
export const maxUpstreamNameLength = 40;

/** Dollars per one unit of the upstream's currency: a positive decimal written as text (`1`, `0.0109`), at most 6 decimals. */
export const upstreamRatePattern = /^(0|[1-9][0-9]{0,5})(\.[0-9]{1,6})?$/;
export const upstreamRateSchema = z.string().check(
  z.trim(),
  singleLine(),
  z.regex(upstreamRatePattern, 'A positive decimal with at most 6 decimals, such as 1 or 0.0109.'),
  z.refine((rate) => /[1-9]/.test(rate), { message: 'Must be more than 0.', params: { code: 'INVALID_VALUE' } }),
);

/** The least share of the customer's price we keep, in percent: 0 to 90, whole or with one decimal. */
export const minMarginPercentSchema = z.number().check(
  z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
  z.minimum(0),
  z.maximum(90),
  z.refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, { message: 'Must have at most 1 decimal.', params: { code: 'ONE_DECIMAL' } }),
);

const upstreamNameSchema = z
  .string()
  .check(z.trim(), singleLine(), z.minLength(1, 'Give the upstream a name'), z.maxLength(maxUpstreamNameLength, `At most ${maxUpstreamNameLength} characters`));
const upstreamUrlSchema = z.string().check(z.trim(), singleLine(), z.minLength(1), z.maxLength(2048));
/** The upstream's API key as it issued it: printable ASCII without spaces. */
const upstreamKeySchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(500), z.regex(/^[\x21-\x7e]+$/, 'Printable characters without spaces.'));

/** An upstream as operators see it: never its key, only the key's last 4 characters. */
export const upstreamSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: upstreamKindSchema,
  /** Its base URL: where `/stubs/handler_api.php` (sms-activate) or `/v1/` (5sim) is found. */
  url: z.string(),
  state: upstreamStateSchema,
  /** Its last synced balance in its own currency, null before the first sync. */
  balance: z.nullable(z.number()),
  /** The same in dollars, at its rate. */
  balance_usd: z.nullable(z.number()),
  /** Dollars spent on it so far. */
  spend: z.number(),
  /** Dollars per one unit of its currency. */
  rate: z.number(),
  currency: upstreamCurrencySchema,
  min_margin_percent: z.number(),
  /** The key's last 4 characters. */
  key_hint: z.string(),
  last_sync_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  /** The numbers it last offered, over every country and service. */
  stock: intSchema(),
  purchases: intSchema(),
  /** Purchases that got a code. */
  codes: intSchema(),
  created_at: z.string(),
});
export type Upstream = z.infer<typeof upstreamSchema>;

/** GET /api/ops/upstreams: every upstream not removed, oldest first. */
export const upstreamsReplySchema = z.object({ data: z.array(upstreamSchema) });
export type UpstreamsReply = z.infer<typeof upstreamsReplySchema>;
/** POST (201), PATCH and DELETE of one upstream: it as it is now. */
export const upstreamReplySchema = z.object({ data: upstreamSchema });
export type UpstreamReply = z.infer<typeof upstreamReplySchema>;

/** POST /api/ops/upstreams. Without a currency: USD at 1; another currency needs its rate. */
export const createUpstreamRequestSchema = z
  .strictObject({
    kind: upstreamKindSchema,
    name: upstreamNameSchema,
    url: upstreamUrlSchema,
    key: upstreamKeySchema,
    currency: z.optional(upstreamCurrencySchema),
    rate: z.optional(upstreamRateSchema),
    min_margin_percent: z.optional(minMarginPercentSchema),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.currency !== undefined && body.currency !== 'USD' && body.rate === undefined)
        ctx.issues.push({
          code: 'custom',
          message: 'Give the rate: dollars per one unit of this currency.',
          path: ['rate'],
          input: undefined,
          params: { code: 'REQUIRED' },
        });
    }),
  );
export type CreateUpstreamRequest = z.infer<typeof createUpstreamRequestSchema>;

/** PATCH /api/ops/upstreams/{id}: any of these (at least one); `paused` false resumes it. */
export const updateUpstreamRequestSchema = z
  .strictObject({
    name: z.optional(upstreamNameSchema),
    url: z.optional(upstreamUrlSchema),
    key: z.optional(upstreamKeySchema),
    currency: z.optional(upstreamCurrencySchema),
    rate: z.optional(upstreamRateSchema),
    min_margin_percent: z.optional(minMarginPercentSchema),
    paused: z.optional(z.boolean()),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { message: 'Change at least one thing.', params: { code: 'REQUIRED' } }));
export type UpdateUpstreamRequest = z.infer<typeof updateUpstreamRequestSchema>;

/** Upstream ids are time-sortable ids, as agents'. */
export const upstreamIdPattern = /^[0-9a-z]{9}[0-9a-f]{16}$/;
export const upstreamParamsSchema = z.strictObject({ id: z.string().check(singleLine(), z.regex(upstreamIdPattern, 'Unknown upstream')) });

// ---- Source rules: which sources may sell in a country (and service) ----

/** A source of numbers: `own` (our inventory), `agent:<agentId>` (a partner's SIM bank), `upstream:<upstreamId>`. */
export const sourcePattern = /^(own|agent:[0-9a-z]{9}[0-9a-f]{16}|upstream:[0-9a-z]{9}[0-9a-f]{16})$/;
export const ownSource = 'own';
export const sourceSchema = z.string().check(singleLine(), z.regex(sourcePattern, 'own, agent:<id> or upstream:<id>.'));

/** The most sources one rule may exclude. */
export const maxExcludedSources = 50;

const ruleTargetSchema = intSchema().check(z.positive(), z.maximum(1_000_000_000));

/**
 * PUT /api/ops/source-rules: the rule of a country and a service (null: every service there), either
 * `pin` (only that source sells there) or `exclude` (those never do). Neither, or an empty exclusion
 * list, removes the rule.
 */
export const putSourceRuleRequestSchema = z
  .strictObject({
    country_id: ruleTargetSchema,
    service_id: z.nullable(ruleTargetSchema),
    pin: z.optional(z.nullable(sourceSchema)),
    exclude: z.optional(z.array(sourceSchema).check(z.maxLength(maxExcludedSources))),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.pin && body.exclude?.length)
        ctx.issues.push({
          code: 'custom',
          message: 'Pin one source or exclude some, not both.',
          path: ['exclude'],
          input: body.exclude,
          params: { code: 'INVALID_VALUE' },
        });
    }),
  );
export type PutSourceRuleRequest = z.infer<typeof putSourceRuleRequestSchema>;

/** A source that may be named in a rule, with what operators call it. */
export const sourceOptionSchema = z.object({ source: z.string(), kind: z.enum(['own', 'agent', 'upstream']), name: z.string() });
export type SourceOption = z.infer<typeof sourceOptionSchema>;

/** One rule as operators see it (a removed agent's or upstream's source keeps its id as its name). */
export const sourceRuleSchema = z.object({
  country_id: intSchema(),
  country_name: z.nullable(z.string()),
  service_id: z.nullable(intSchema()),
  service_name: z.nullable(z.string()),
  pin: z.nullable(z.string()),
  exclude: z.array(z.string()),
});
export type SourceRule = z.infer<typeof sourceRuleSchema>;

/** GET and PUT /api/ops/source-rules: every rule (by country, then service), the sources a rule may name, and the last edit. */
export const sourceRulesReplySchema = z.object({
  data: z.object({
    rules: z.array(sourceRuleSchema),
    sources: z.array(sourceOptionSchema),
    edited_at: z.nullable(z.string()),
    edited_by: z.nullable(z.string()),
  }),
});
export type SourceRulesReply = z.infer<typeof sourceRulesReplySchema>;
