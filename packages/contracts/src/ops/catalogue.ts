import * as z from 'zod/mini';
import { hasCents } from '../money';
import { bodyIdSchema, idSchema, intSchema } from '../http';
import { joinLines, singleLine } from '../text';

/**
 * The catalogue part of the operator console: countries, services (with their SMS-Activate code
 * and SMS patterns), offers per (country, service) and Private offers, edited in place. Money is
 * dollars with at most 2 decimals; core keeps cents. A change reaches the public catalogue within
 * `cache_seconds` (each Lambda keeps the catalogue that long), which every reply states.
 */

/** Highest price (dollars) an operator may set per day or per Temporary activation: a typo guard. */
export const maxCataloguePrice = 1000;
/** Days of each rent period, in discount order (1 Week, 2 Week, 1 Month): a discount is off that period's price. */
export const discountPeriodDays = [7, 14, 30] as const;

const finiteWithCents = z.number().check(
  z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
  z.refine(hasCents, { params: { code: 'TOO_MANY_DECIMALS' } }),
);
/** A price: at least a cent, at most `maxCataloguePrice`. */
const priceSchema = z.pipe(finiteWithCents, z.number().check(z.minimum(0.01), z.maximum(maxCataloguePrice)));
/** A discount: 0 or more (its upper bound depends on the price, checked on the whole tariff). */
const discountSchema = z.pipe(finiteWithCents, z.number().check(z.nonnegative(), z.maximum(maxCataloguePrice * 30)));
const reasonField = z.optional(z.string().check(joinLines(), z.trim(), singleLine(), z.maxLength(500)));

const tariffShape = {
  price_per_day: priceSchema,
  discount_1: discountSchema,
  discount_2: discountSchema,
  discount_3: discountSchema,
  reason: reasonField,
};

type Tariff = { price_per_day: number; discount_1: number; discount_2: number; discount_3: number };

/** The most a period's discount may take: the period's price less a cent, so every rental costs something. */
export const maxDiscount = (pricePerDay: number, index: 0 | 1 | 2) => Math.max(0, (Math.round(pricePerDay * 100) * discountPeriodDays[index] - 1) / 100);

/** Each discount within [0, that period's price - 1 cent]: reported on the discount's own field. */
const discountsWithinPrice = z.superRefine((t: Tariff, ctx) => {
  ([0, 1, 2] as const).forEach((i) => {
    const field = (['discount_1', 'discount_2', 'discount_3'] as const)[i];
    const max = maxDiscount(t.price_per_day, i);
    if (t[field] > max)
      ctx.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: max,
        inclusive: true,
        input: t[field],
        path: [field],
        message: `At most the ${['1 Week', '2 Week', '1 Month'][i]} price less a cent ($${max.toFixed(2)}).`,
      });
  });
});

/** PUT /api/ops/offers/{countryId}/{serviceId}: the offer's prices (created when absent). temporary_price null: no Temporary here. */
export const offerPutSchema = z.strictObject({ ...tariffShape, temporary_price: z.nullable(priceSchema) }).check(discountsWithinPrice);
export type OfferPut = z.infer<typeof offerPutSchema>;

/** PUT /api/ops/private-offers/{countryId}: a country's Private prices (created when absent). */
export const privateOfferPutSchema = z.strictObject(tariffShape).check(discountsWithinPrice);
export type PrivateOfferPut = z.infer<typeof privateOfferPutSchema>;

export const offerParamsSchema = z.object({ countryId: idSchema, serviceId: idSchema });
export const countryParamsSchema = z.object({ countryId: idSchema });
export const serviceParamsSchema = z.object({ serviceId: idSchema });

/** POST /api/ops/offers/bulk: every offer of one country or of one service, by a percent (-10 = 10% cheaper). */
export const bulkPriceSchema = z
  .strictObject({
    country_id: z.optional(bodyIdSchema),
    service_id: z.optional(bodyIdSchema),
    percent: z.pipe(finiteWithCents, z.number().check(z.minimum(-99), z.maximum(1000))),
    reason: reasonField,
    /** true: answer what would change, change nothing. */
    preview: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => (b.country_id === undefined) !== (b.service_id === undefined), {
      message: 'Give a country_id or a service_id, not both.',
      path: ['country_id'],
    }),
    z.refine((b) => b.percent !== 0, { message: 'A change of 0% changes nothing.', path: ['percent'] }),
  );
export type BulkPriceRequest = z.infer<typeof bulkPriceSchema>;

/** POST /api/ops/countries: a new country (id: the next free one unless given). */
export const countryCreateSchema = z.strictObject({
  id: z.optional(bodyIdSchema.check(z.maximum(999))),
  name: z.string().check(z.trim(), singleLine(), z.minLength(2), z.maxLength(80)),
  iso: z.string().check(z.trim(), singleLine(), z.toLowerCase(), z.regex(/^[a-z]{2}$/, 'Two letters (ISO 3166-1 alpha-2).')),
  dial_code: z.string().check(z.trim(), singleLine(), z.regex(/^[1-9][0-9]{0,3}$/, '1 to 4 digits, without +.')),
  enabled: z.optional(z.boolean()),
  reason: reasonField,
});
export type CountryCreate = z.infer<typeof countryCreateSchema>;

/** PATCH /api/ops/countries/{countryId}: rename, or enable/disable (a disabled country leaves every public list and sells nothing, extensions included; running rentals run to their end). */
export const countryPatchSchema = z
  .strictObject({
    name: z.optional(z.string().check(z.trim(), singleLine(), z.minLength(2), z.maxLength(80))),
    dial_code: z.optional(z.string().check(z.trim(), singleLine(), z.regex(/^[1-9][0-9]{0,3}$/, '1 to 4 digits, without +.'))),
    enabled: z.optional(z.boolean()),
    reason: reasonField,
  })
  .check(
    z.refine((b) => b.name !== undefined || b.dial_code !== undefined || b.enabled !== undefined, {
      message: 'Give a name, dial_code or enabled.',
      path: ['enabled'],
    }),
  );
export type CountryPatch = z.infer<typeof countryPatchSchema>;

const slugSchema = z.string().check(z.trim(), singleLine(), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes.'), z.maxLength(40));
const serviceNameSchema = z.string().check(z.trim(), singleLine(), z.minLength(1), z.maxLength(80));
/** The SMS fingerprint as core checks it (compiles, matches no empty text): core's setServiceRouting validates it. */
const patternsSchema = z.object({ from: z.string().check(singleLine()), body: z.string().check(singleLine()) });

/** POST /api/ops/services: a new service (id: the next free one). Code and patterns as `npm run ops -- service-routing` takes them. */
export const serviceCreateSchema = z.strictObject({
  name: serviceNameSchema,
  slug: slugSchema,
  code: z.optional(z.nullable(z.string().check(singleLine()))),
  patterns: z.optional(patternsSchema),
  reason: reasonField,
});
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;

/** PATCH /api/ops/services/{serviceId}: any of name, slug, SMS-Activate code (null: none), SMS patterns. */
export const servicePatchSchema = z
  .strictObject({
    name: z.optional(serviceNameSchema),
    slug: z.optional(slugSchema),
    code: z.optional(z.nullable(z.string().check(singleLine()))),
    patterns: z.optional(patternsSchema),
    reason: reasonField,
  })
  .check(
    z.refine((b) => b.name !== undefined || b.slug !== undefined || b.code !== undefined || b.patterns !== undefined, {
      message: 'Give a name, slug, code or patterns.',
      path: ['name'],
    }),
  );
export type ServicePatch = z.infer<typeof servicePatchSchema>;

export const opsCountrySchema = z.object({
  id: intSchema(),
  name: z.string(),
  iso: z.string(),
  dial_code: z.string(),
  enabled: z.boolean(),
  /** How many services it offers, and whether it has a Private offer. */
  offers: intSchema(),
  private_offer: z.boolean(),
});
export type OpsCountry = z.infer<typeof opsCountrySchema>;

export const opsServiceSchema = z.object({
  id: intSchema(),
  name: z.string(),
  slug: z.string(),
  code: z.nullable(z.string()),
  patterns: z.nullable(patternsSchema),
});
export type OpsService = z.infer<typeof opsServiceSchema>;

export const opsOfferSchema = z.object({
  country_id: intSchema(),
  service_id: intSchema(),
  name: z.string(),
  price_per_day: z.number(),
  discount_1: z.number(),
  discount_2: z.number(),
  discount_3: z.number(),
  temporary_price: z.nullable(z.number()),
});
export type OpsOffer = z.infer<typeof opsOfferSchema>;

export const opsPrivateOfferSchema = z.object({
  country_id: intSchema(),
  price_per_day: z.number(),
  discount_1: z.number(),
  discount_2: z.number(),
  discount_3: z.number(),
});
export type OpsPrivateOffer = z.infer<typeof opsPrivateOfferSchema>;

/** GET /api/ops/catalogue: countries (disabled ones too), services, Private offers; the cache lifetime. */
export const opsCatalogueReplySchema = z.object({
  data: z.object({
    countries: z.array(opsCountrySchema),
    services: z.array(opsServiceSchema),
    private_offers: z.array(opsPrivateOfferSchema),
    /** A change shows in the public catalogue within this many seconds. */
    cache_seconds: intSchema(),
  }),
});
export type OpsCatalogueReply = z.infer<typeof opsCatalogueReplySchema>;

/** GET /api/ops/countries/{countryId}/offers: every offer of the country. */
export const opsOffersReplySchema = z.object({ data: z.array(opsOfferSchema), cache_seconds: intSchema() });
export type OpsOffersReply = z.infer<typeof opsOffersReplySchema>;

/** A write's reply: what is stored now, and when the public catalogue shows it. */
export const opsWriteReply = <T extends z.ZodMiniType>(item: T) => z.object({ data: item, cache_seconds: intSchema() });
export const opsOfferReplySchema = opsWriteReply(opsOfferSchema);
export const opsPrivateOfferReplySchema = opsWriteReply(z.nullable(opsPrivateOfferSchema));
export const opsCountryReplySchema = opsWriteReply(opsCountrySchema);
export const opsServiceReplySchema = opsWriteReply(opsServiceSchema);

/** One offer of a bulk change: its prices before and after. */
export const bulkChangeSchema = z.object({ before: opsOfferSchema, after: opsOfferSchema });
export type BulkChange = z.infer<typeof bulkChangeSchema>;
export const bulkPriceReplySchema = z.object({
  data: z.object({ applied: z.boolean(), changes: z.array(bulkChangeSchema) }),
  cache_seconds: intSchema(),
});
export type BulkPriceReply = z.infer<typeof bulkPriceReplySchema>;
