import * as z from 'zod/mini';
import { bodyIdSchema, idSchema, intSchema, listReply } from './http';
import { singleLine } from './text';
import { dollarsSchema } from './dollars';
import { maxNumbersPerPage } from './page-sizes';

export const numberTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const rentTimeSchema = z.object({
  id: intSchema(),
  name: z.string(), // '1 Week' | '2 Week' | '1 Month'
  days: intSchema().check(z.positive()),
});
export type RentTime = z.infer<typeof rentTimeSchema>;

export const countrySchema = z.object({
  id: intSchema(),
  /** English name; the web shows the name in the interface language from `code`. */
  name: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  /** Flag image: path joined to the image base address. */
  url: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

const discounts = {
  price_per_day: dollarsSchema,
  discount_1: dollarsSchema, // off a 1 Week rental
  discount_2: dollarsSchema, // off a 2 Week rental
  discount_3: dollarsSchema, // off a 1 Month rental
};

export const privateCountrySchema = z.extend(countrySchema, {
  ...discounts,
  /** The cheapest rental (1 Week) after its discount: the "from" price. */
  price: dollarsSchema,
});
export type PrivateCountry = z.infer<typeof privateCountrySchema>;

export const serviceProviderSchema = z.object({
  id: intSchema(),
  name: z.string(),
  /** Service logo: path joined to the image base address. */
  url: z.string(),
  ...discounts,
  /** Price of one Temporary activation (20 minutes, one code) in this country; null when not offered. */
  temporary_price: z.nullable(dollarsSchema),
});
export type ServiceProvider = z.infer<typeof serviceProviderSchema>;

/** GET /api/services: every service of the catalogue with its SMS-Activate code (null: the protocol does not carry it). */
export const catalogServiceSchema = z.object({
  id: intSchema(),
  name: z.string(),
  code: z.nullable(z.string()),
});
export type CatalogService = z.infer<typeof catalogServiceSchema>;

export const mobileNumberSchema = z.object({
  id: intSchema(),
  mobile_number: z.string(), // E.164, e.g. +447700900123
  /** Temporary numbers only: the price of one activation. */
  price: z.optional(dollarsSchema),
});
export type MobileNumber = z.infer<typeof mobileNumberSchema>;

/**
 * GET /api/price-summary: the cheapest price of each number type across the whole catalogue, for
 * "from" prices. Per day for Shared and Private, per activation for Temporary; null when no offer.
 */
export const priceSummarySchema = z.object({
  shared_from_per_day: z.nullable(dollarsSchema),
  private_from_per_day: z.nullable(dollarsSchema),
  temporary_from: z.nullable(dollarsSchema),
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;

/** POST /get-numbers: Shared and Temporary need the service; Private does not. */
/** Optional paging and search of POST /get-numbers; without them the first page, sorted by number. */
const numbersPaging = {
  /** Digits the number starts with, after its country's calling code or including it ("77009" or "4477009"). */
  q: z.optional(z.string().check(singleLine(), z.regex(/^[0-9]{1,15}$/, 'Digits only, 1 to 15 of them.'))),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(maxNumbersPerPage))),
  /** The `next_page` of the previous answer (opaque: only what the server gave). */
  page: z.optional(z.string().check(singleLine(), z.minLength(1), z.maxLength(200))),
};

export const getNumbersRequestSchema = z.discriminatedUnion('mobile_number_type_id', [
  z.strictObject({ mobile_number_type_id: z.literal(1), country_id: bodyIdSchema, service_provider_id: bodyIdSchema, ...numbersPaging }),
  z.strictObject({ mobile_number_type_id: z.literal(2), country_id: bodyIdSchema, ...numbersPaging }),
  z.strictObject({ mobile_number_type_id: z.literal(3), country_id: bodyIdSchema, service_provider_id: bodyIdSchema, ...numbersPaging }),
]);
export type GetNumbersRequest = z.infer<typeof getNumbersRequestSchema>;

export const countryIdParamsSchema = z.strictObject({ countryId: idSchema });

export const rentTimesReplySchema = listReply(rentTimeSchema);
export const countriesReplySchema = listReply(countrySchema);
export const privateCountriesReplySchema = listReply(privateCountrySchema);
export const serviceProvidersReplySchema = listReply(serviceProviderSchema);
export const catalogServicesReplySchema = listReply(catalogServiceSchema);
/** One page of numbers; `next_page` asks for the next one (null: no more). */
export const mobileNumbersReplySchema = z.object({ data: z.array(mobileNumberSchema), next_page: z.nullable(z.string()) });
export type MobileNumbersReply = z.infer<typeof mobileNumbersReplySchema>;
/**
 * GET /api/temporary-availability/{countryId}: how many Temporary activations each service can be
 * bought for in the country now (our own free numbers and partners' agents' stock; each a bounded
 * count, so a large one is "at least"). Services not sold as Temporary there are left out.
 */
export const temporaryAvailabilitySchema = z.object({
  service_provider_id: intSchema(),
  available: intSchema(),
  /**
   * Of its activations bought in the country in the last 30 days (every source), the share (0..1)
   * whose code arrived; null below 20 activations (too few to say). Optional: older servers omit it.
   */
  delivery_rate: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(1)))),
});
export type TemporaryAvailability = z.infer<typeof temporaryAvailabilitySchema>;
export const temporaryAvailabilityReplySchema = z.object({ data: z.array(temporaryAvailabilitySchema) });
export type TemporaryAvailabilityReply = z.infer<typeof temporaryAvailabilityReplySchema>;
export const priceSummaryReplySchema = z.object({ data: priceSummarySchema });

/**
 * What the confirmation modal hands to the Payment route. The type, service and country ids
 * came later (the purchase request and the price check need them): optional, so a record stored
 * before them still parses (the Payment route then asks for a new choice).
 */
export const purchaseHandoffSchema = z.object({
  /** null: any Temporary number of the service in the country (`number` is then empty: the page names it). */
  mobile_number_id: z.nullable(intSchema()),
  rent_time_id: z.nullable(intSchema()), // null for Temporary (fixed 20-minute window)
  mobile_number_type_id: z.optional(z.nullable(numberTypeSchema)),
  service_provider_id: z.optional(z.nullable(intSchema())), // null for Private (every service)
  country_id: z.optional(z.nullable(intSchema())),
  country: z.string(),
  service: z.string(),
  number: z.string(),
  rent: z.string(),
  total_price: z.number().check(z.nonnegative()),
});
export type PurchaseHandoff = z.infer<typeof purchaseHandoffSchema>;
