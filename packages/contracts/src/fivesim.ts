// 5sim's v1 API as we speak it: imported as @numbernest/contracts/fivesim, so only that API's Lambda, its docs and tests carry it.
import * as z from 'zod/mini';
import { intSchema } from './http';

/**
 * The 5sim-compatible API under `/v1/` on the API's origin: 5sim's paths, its `Authorization: Bearer
 * <key>` (the same API keys as handler_api), its JSON shapes field by field, and its refusals as 5sim
 * writes them: a short lower-case sentence in plain text (`no free phones`, `not enough user
 * balance`, `order not found`). Money is in dollars, as JSON numbers.
 */

/** Who may call a route: anyone (`guest`), or the holder of an API key (`user`). */
export type FiveSimAccess = 'guest' | 'user';

export interface FiveSimRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** API Gateway v2 style: `{name}` is a path parameter. */
  path: string;
  access: FiveSimAccess;
  summary: string;
}

/** Every route, in the order 5sim's documentation lists them. */
export const fiveSimRoutes = [
  { method: 'GET', path: '/v1/user/profile', access: 'user', summary: 'Balance and profile' },
  { method: 'GET', path: '/v1/user/orders', access: 'user', summary: 'Order history by category (activation or hosting), paged' },
  { method: 'GET', path: '/v1/user/payments', access: 'user', summary: 'Payments history, paged' },
  { method: 'GET', path: '/v1/user/max-prices', access: 'user', summary: 'Saved price limits per product' },
  { method: 'POST', path: '/v1/user/max-prices', access: 'user', summary: 'Save a price limit for a product (product_name, price)' },
  { method: 'DELETE', path: '/v1/user/max-prices', access: 'user', summary: "Remove a product's price limit (product_name)" },
  { method: 'GET', path: '/v1/guest/products/{country}/{operator}', access: 'guest', summary: 'Products with their price and how many are on offer' },
  { method: 'GET', path: '/v1/guest/prices', access: 'guest', summary: 'Prices by country, product and operator (?country=, ?product=)' },
  { method: 'GET', path: '/v1/user/buy/activation/{country}/{operator}/{product}', access: 'user', summary: 'Buy an activation (maxPrice, reuse)' },
  {
    method: 'GET',
    path: '/v1/user/buy/hosting/{country}/{operator}/{product}',
    access: 'user',
    summary: 'Buy a hosting number (a Private number for a period)',
  },
  { method: 'GET', path: '/v1/user/reuse/{product}/{number}', access: 'user', summary: 'The same number again for the product' },
  { method: 'GET', path: '/v1/user/check/{id}', access: 'user', summary: 'An order and its SMS' },
  { method: 'GET', path: '/v1/user/finish/{id}', access: 'user', summary: 'Finish an order' },
  { method: 'GET', path: '/v1/user/cancel/{id}', access: 'user', summary: 'Cancel an order (refunded while no SMS came)' },
  { method: 'GET', path: '/v1/user/ban/{id}', access: 'user', summary: 'Report the number as already used (refunded, never sold again for the product)' },
  { method: 'GET', path: '/v1/user/sms/inbox/{id}', access: 'user', summary: 'Every SMS of an order' },
  { method: 'GET', path: '/v1/guest/flash/{lang}', access: 'guest', summary: 'Notification (none: an empty text)' },
  { method: 'GET', path: '/v1/guest/countries', access: 'guest', summary: 'Countries with their ISO code, prefix, names and operators' },
] as const satisfies readonly FiveSimRoute[];

/**
 * The refusals, each with its HTTP status. `no free phones` is HTTP 200, as 5sim sends it; the rest
 * are 400, a wrong key 401 (`Unauthorized`), too many requests 429.
 */
export const fiveSimRefusals = {
  noFreePhones: { status: 200, text: 'no free phones' },
  notEnoughBalance: { status: 400, text: 'not enough user balance' },
  /** An account limit reached (5sim's rating): refused until it lifts. */
  notEnoughRating: { status: 400, text: 'not enough rating' },
  badCountry: { status: 400, text: 'bad country' },
  badOperator: { status: 400, text: 'bad operator' },
  noProduct: { status: 400, text: 'no product' },
  orderNotFound: { status: 400, text: 'order not found' },
  /** A cancel once an SMS came. */
  orderHasSms: { status: 400, text: 'order has sms' },
  /** A finish before any SMS came. */
  orderNoSms: { status: 400, text: 'order no sms' },
  /** The order has ended: nothing more can be done to it. */
  orderExpired: { status: 400, text: 'order expired' },
  /** Cancel or ban of a hosting order, which ends with its period. */
  hostingOrder: { status: 400, text: 'hosting order' },
  /** A cancel in an activation's first two minutes. */
  waitTime: { status: 400, text: 'you need to wait time' },
  reuseNotPossible: { status: 400, text: 'reuse not possible' },
  reuseFalse: { status: 400, text: 'reuse false' },
  reuseExpired: { status: 400, text: 'reuse expired' },
  /** max-prices DELETE of a product without a limit. */
  recordNotFound: { status: 400, text: 'record not found' },
  /** A body or parameter that is not what the route reads. */
  badRequest: { status: 400, text: 'bad request' },
  unauthorized: { status: 401, text: 'Unauthorized' },
  /** An account an operator blocked. */
  accountBlocked: { status: 403, text: 'account blocked' },
  rateLimit: { status: 429, text: 'api limit is 20 requests per second' },
} as const satisfies Record<string, { status: number; text: string }>;
export type FiveSimRefusal = keyof typeof fiveSimRefusals;

/** A refusal's text, exactly as sent (no newline). */
export const fiveSimRefusalSchema = z.enum(Object.values(fiveSimRefusals).map((r) => r.text) as [string, ...string[]]);

/** Statuses of an order (5sim's list): preparing, waiting for SMS, cancelled, timed out, finished, banned. */
export const fiveSimOrderStatuses = ['PENDING', 'RECEIVED', 'CANCELED', 'TIMEOUT', 'FINISHED', 'BANNED'] as const;
export type FiveSimOrderStatus = (typeof fiveSimOrderStatuses)[number];

/** An RFC 3339 time in UTC, as 5sim writes them (`2020-06-28T16:32:43.307041Z`). */
const timeSchema = z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/));
const dollarsSchema = z.number().check(z.nonnegative());

/** One SMS of an order. */
export const fiveSimSmsSchema = z.strictObject({
  /** When we stored it. */
  created_at: timeSchema,
  /** When it was received. */
  date: timeSchema,
  sender: z.string(),
  text: z.string(),
  /** The code found in it ('' when none was). */
  code: z.string(),
});

/** An order, as buy, check, finish, cancel and ban answer it, and as the order history lists it. */
export const fiveSimOrderSchema = z.strictObject({
  id: intSchema().check(z.positive()),
  /** With its `+`. */
  phone: z.string().check(z.regex(/^\+\d{6,15}$/)),
  operator: z.string(),
  product: z.string(),
  price: dollarsSchema,
  status: z.enum(fiveSimOrderStatuses),
  expires: timeSchema,
  /** null on a fresh activation, as 5sim's buy answers it; a list everywhere else. */
  sms: z.nullable(z.array(fiveSimSmsSchema)),
  created_at: timeSchema,
  forwarding: z.boolean(),
  forwarding_number: z.string(),
  country: z.string(),
});
export type FiveSimOrder = z.infer<typeof fiveSimOrderSchema>;

export const fiveSimProfileSchema = z.strictObject({
  id: intSchema().check(z.positive()),
  email: z.string(),
  vendor: z.string(),
  default_forwarding_number: z.string(),
  balance: z.number(),
  /** 5sim's rating: 96 in good standing, lower as the account's limits tighten, 0 while it may not buy. */
  rating: z.number(),
  default_country: z.strictObject({ name: z.string(), iso: z.string(), prefix: z.string() }),
  default_operator: z.strictObject({ name: z.string() }),
  /** Money on hold (card payments taken back, a payout asked). */
  frozen_balance: z.number(),
});

export const fiveSimOrdersSchema = z.strictObject({
  Data: z.array(fiveSimOrderSchema),
  ProductNames: z.array(z.string()),
  Statuses: z.array(z.string()),
  Total: intSchema().check(z.nonnegative()),
});

export const fiveSimPaymentSchema = z.strictObject({
  ID: intSchema().check(z.positive()),
  TypeName: z.string(),
  ProviderName: z.string(),
  /** Signed: a charge is positive, a purchase negative. */
  Amount: z.number(),
  /** The balance after it. */
  Balance: z.number(),
  CreatedAt: timeSchema,
});

export const fiveSimPaymentsSchema = z.strictObject({
  Data: z.array(fiveSimPaymentSchema),
  PaymentTypes: z.array(z.strictObject({ Name: z.string() })),
  PaymentProviders: z.array(z.strictObject({ Name: z.string() })),
  Total: intSchema().check(z.nonnegative()),
});

export const fiveSimMaxPriceSchema = z.strictObject({
  id: intSchema().check(z.positive()),
  product: z.string(),
  price: dollarsSchema,
  CreatedAt: timeSchema,
});
export const fiveSimMaxPricesSchema = z.array(fiveSimMaxPriceSchema);

/** POST /v1/user/max-prices and DELETE's body: JSON (or a form), `price` a number or a decimal string. */
export const fiveSimMaxPriceRequestSchema = z.object({
  product_name: z.string().check(z.minLength(1), z.maxLength(64)),
  price: z.optional(z.union([z.number(), z.string().check(z.regex(/^\d{1,6}(\.\d{1,4})?$/))])),
});

export const fiveSimProductsSchema = z.record(
  z.string(),
  z.strictObject({ Category: z.enum(['activation', 'hosting']), Qty: intSchema().check(z.nonnegative()), Price: dollarsSchema }),
);

/** One operator's offer: `rate` (delivered of activations sold, percent, two decimals) only once 20 activations say it. */
export const fiveSimOfferSchema = z.strictObject({
  cost: dollarsSchema,
  count: intSchema().check(z.nonnegative()),
  rate: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
});
/** country -> product -> operator -> offer. */
export const fiveSimPricesSchema = z.record(z.string(), z.record(z.string(), z.record(z.string(), fiveSimOfferSchema)));

export const fiveSimInboxSchema = z.strictObject({
  Data: z.array(
    z.strictObject({
      ID: intSchema().check(z.positive()),
      created_at: timeSchema,
      date: timeSchema,
      sender: z.string(),
      text: z.string(),
      code: z.string(),
      is_wave: z.boolean(),
      wave_uuid: z.string(),
    }),
  ),
  Total: intSchema().check(z.nonnegative()),
});

export const fiveSimFlashSchema = z.strictObject({ text: z.string() });

/** A country: `iso` and `prefix` as one-key maps, its names, and each operator with what it sells. */
export const fiveSimCountriesSchema = z.record(
  z.string(),
  z.catchall(
    z.object({
      iso: z.record(z.string(), z.literal(1)),
      prefix: z.record(z.string(), z.literal(1)),
      text_en: z.string(),
      text_ru: z.string(),
    }),
    z.union([z.record(z.string(), z.literal(1)), z.string()]),
  ),
);

/** Each route's JSON answer (`route key` -> schema); POST and DELETE max-prices answer an empty body. */
export const fiveSimAnswerSchemas = {
  'GET /v1/user/profile': fiveSimProfileSchema,
  'GET /v1/user/orders': fiveSimOrdersSchema,
  'GET /v1/user/payments': fiveSimPaymentsSchema,
  'GET /v1/user/max-prices': fiveSimMaxPricesSchema,
  'GET /v1/guest/products/{country}/{operator}': fiveSimProductsSchema,
  'GET /v1/guest/prices': fiveSimPricesSchema,
  'GET /v1/user/buy/activation/{country}/{operator}/{product}': fiveSimOrderSchema,
  'GET /v1/user/buy/hosting/{country}/{operator}/{product}': fiveSimOrderSchema,
  'GET /v1/user/reuse/{product}/{number}': fiveSimOrderSchema,
  'GET /v1/user/check/{id}': fiveSimOrderSchema,
  'GET /v1/user/finish/{id}': fiveSimOrderSchema,
  'GET /v1/user/cancel/{id}': fiveSimOrderSchema,
  'GET /v1/user/ban/{id}': fiveSimOrderSchema,
  'GET /v1/user/sms/inbox/{id}': fiveSimInboxSchema,
  'GET /v1/guest/flash/{lang}': fiveSimFlashSchema,
  'GET /v1/guest/countries': fiveSimCountriesSchema,
} as const satisfies Partial<Record<`${FiveSimRoute['method']} ${string}`, z.ZodMiniType>>;

/**
 * Hosting products: our Private rent periods by 5sim's style of name. 5sim's shorter ones (`3hours`,
 * `1day`, `10days`) buy the shortest period that covers them; the order's `expires` is the truth.
 */
export const fiveSimHostingProducts = { '1week': 1, '2weeks': 2, '1month': 3 } as const;
export const fiveSimHostingAliases = { '3hours': 1, '1day': 1, '10days': 2 } as const;
