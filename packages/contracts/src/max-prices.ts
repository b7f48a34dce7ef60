import * as z from 'zod/mini';
import { amountSchema } from './amount';
import { dollarsSchema } from './dollars';
import { idSchema, intSchema } from './http';

/**
 * Account setting -> API -> Price limits: the most the customer pays for one service's number bought
 * through the developer APIs (handler_api's getNumber, 5sim's buy) when the request names no maxPrice
 * of its own; above it the purchase is refused. One limit per service.
 */
export const minMaxPriceDollars = 0.01;
export const maxMaxPriceDollars = 10_000;

export const maxPriceSchema = z.object({
  service_id: intSchema(),
  /** Dollars, 2 decimals. */
  price: dollarsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type MaxPriceLimit = z.infer<typeof maxPriceSchema>;

/** GET /api/user/max-prices: by service id ascending (a service since removed from the catalogue stays listed until removed). */
export const maxPricesReplySchema = z.object({ message: z.literal('success'), data: z.array(maxPriceSchema) });
export type MaxPricesReply = z.infer<typeof maxPricesReplySchema>;

/** PUT /api/user/max-prices/{serviceId} {price}: created or changed. */
export const maxPriceReplySchema = z.object({ message: z.literal('success'), data: maxPriceSchema });
export type MaxPriceReply = z.infer<typeof maxPriceReplySchema>;

export const maxPriceParamsSchema = z.strictObject({ serviceId: idSchema });

/** The limit in dollars, a JSON number with at most 2 decimals, 0.01 to 10,000. */
export const putMaxPriceRequestSchema = z.strictObject({ price: amountSchema(minMaxPriceDollars, maxMaxPriceDollars) });
export type PutMaxPriceRequest = z.infer<typeof putMaxPriceRequestSchema>;
