import {
  fiveSimHostingAliases,
  fiveSimHostingProducts,
  fiveSimOrderStatuses,
  fiveSimRefusals,
  fiveSimRoutes,
  type FiveSimOrder,
  type FiveSimRefusal,
  type fiveSimMaxPricesSchema,
  type fiveSimPricesSchema,
  type fiveSimProfileSchema,
} from '@numbernest/contracts/fivesim';
import type * as z from 'zod/mini';

/**
 * What the API docs page shows of the 5sim-compatible API, built from its contract
 * (@numbernest/contracts/fivesim): the routes, refusals and statuses are the contract's own lists, and
 * the JSON examples are typed by its schemas (ApiDocsPage.test.tsx parses each with them), so the
 * page cannot drift from what the server sends.
 */

type FiveSimRouteDef = (typeof fiveSimRoutes)[number];
export type FiveSimRouteKey = FiveSimRouteDef extends infer R ? (R extends FiveSimRouteDef ? `${R['method']} ${R['path']}` : never) : never;

export const fiveSimRouteKey = (route: FiveSimRouteDef) => `${route.method} ${route.path}` as FiveSimRouteKey;

/** Each route's description on the page (apiDocs fivesimRoutes.items.<name>). */
const routeCopy: Record<FiveSimRouteKey, string> = {
  'GET /v1/user/profile': 'profile',
  'GET /v1/user/orders': 'orders',
  'GET /v1/user/payments': 'payments',
  'GET /v1/user/max-prices': 'maxPrices',
  'POST /v1/user/max-prices': 'saveMaxPrice',
  'DELETE /v1/user/max-prices': 'removeMaxPrice',
  'GET /v1/guest/products/{country}/{operator}': 'products',
  'GET /v1/guest/prices': 'prices',
  'GET /v1/user/buy/activation/{country}/{operator}/{product}': 'buyActivation',
  'GET /v1/user/buy/hosting/{country}/{operator}/{product}': 'buyHosting',
  'GET /v1/user/reuse/{product}/{number}': 'reuse',
  'GET /v1/user/check/{id}': 'check',
  'GET /v1/user/finish/{id}': 'finish',
  'GET /v1/user/cancel/{id}': 'cancel',
  'GET /v1/user/ban/{id}': 'ban',
  'GET /v1/user/sms/inbox/{id}': 'inbox',
  'GET /v1/guest/flash/{lang}': 'flash',
  'GET /v1/guest/countries': 'countries',
};

export interface FiveSimRouteDoc {
  key: FiveSimRouteKey;
  method: FiveSimRouteDef['method'];
  path: string;
  access: FiveSimRouteDef['access'];
  /** The key of its description in apiDocs. */
  copy: string;
  /** A guest GET without parameters: its live address is worth a link. */
  linkable: boolean;
}

export const fiveSimRouteDocs: FiveSimRouteDoc[] = fiveSimRoutes.map((route) => ({
  key: fiveSimRouteKey(route),
  method: route.method,
  path: route.path,
  access: route.access,
  copy: `fivesimRoutes.items.${routeCopy[fiveSimRouteKey(route)]}`,
  linkable: route.access === 'guest' && route.method === 'GET' && !route.path.includes('{'),
}));

export const fiveSimStatuses = fiveSimOrderStatuses;

/** The refusals in the contract's order: sentence, HTTP status, and the key of when it comes (apiDocs fivesimRefusals.items.<key>). */
export const fiveSimRefusalDocs = (Object.entries(fiveSimRefusals) as Array<[FiveSimRefusal, { status: number; text: string }]>).map(
  ([key, { status, text }]) => ({
    key,
    status,
    text,
  }),
);

/** Hosting products (our Private periods) and 5sim's shorter names, each with the period it buys. */
export const fiveSimHosting = {
  products: Object.keys(fiveSimHostingProducts) as Array<keyof typeof fiveSimHostingProducts>,
  aliases: (Object.entries(fiveSimHostingAliases) as Array<[keyof typeof fiveSimHostingAliases, number]>).map(([alias, rentTimeId]) => ({
    alias,
    buys: (Object.entries(fiveSimHostingProducts) as Array<[keyof typeof fiveSimHostingProducts, number]>).find(([, id]) => id === rentTimeId)![0],
  })),
};

/** A JSON answer shown on the page, and the route whose contract schema it must satisfy. */
export interface FiveSimJsonExample {
  route: FiveSimRouteKey;
  value: unknown;
}

const profile: z.infer<typeof fiveSimProfileSchema> = {
  id: 1024,
  email: 'you@example.com',
  vendor: '',
  default_forwarding_number: '',
  balance: 12.5,
  rating: 96,
  default_country: { name: '', iso: '', prefix: '' },
  default_operator: { name: '' },
  frozen_balance: 0,
};

const bought: FiveSimOrder = {
  id: 123456,
  phone: '+447700900123',
  operator: 'any',
  product: 'telegram',
  price: 0.3,
  status: 'PENDING',
  expires: '2026-01-01T12:20:00Z',
  sms: null,
  created_at: '2026-01-01T12:00:00Z',
  forwarding: false,
  forwarding_number: '',
  country: 'england',
};
const sms = [{ created_at: '2026-01-01T12:01:05Z', date: '2026-01-01T12:01:04Z', sender: 'Telegram', text: 'Telegram code: 54321', code: '54321' }];
const checked: FiveSimOrder = { ...bought, status: 'RECEIVED', sms };
const finished: FiveSimOrder = { ...checked, status: 'FINISHED' };

const prices: z.infer<typeof fiveSimPricesSchema> = { england: { telegram: { any: { cost: 0.3, count: 120, rate: 92.5 } } } };
const maxPrices: z.infer<typeof fiveSimMaxPricesSchema> = [{ id: 1, product: 'telegram', price: 0.5, CreatedAt: '2026-01-01T11:58:00Z' }];

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** One step of the walk-through: a request and what it answers. */
export interface FiveSimStep {
  /** The key of its caption in apiDocs (fivesimExamples.steps.<name>). */
  name: 'profile' | 'buy' | 'check' | 'finish';
  request: string;
  answer: string;
}

/** Profile, buy an activation, check it until the SMS, finish it: `base` is the API's `/v1` address. */
export const fiveSimSteps = (base: string): FiveSimStep[] => [
  { name: 'profile', request: `curl -H "Authorization: Bearer $KEY" "${base}/user/profile"`, answer: pretty(profile) },
  {
    name: 'buy',
    request: `curl -H "Authorization: Bearer $KEY" "${base}/user/buy/activation/england/any/telegram?maxPrice=0.50"`,
    answer: pretty(bought),
  },
  { name: 'check', request: `curl -H "Authorization: Bearer $KEY" "${base}/user/check/${bought.id}"`, answer: pretty(checked) },
  { name: 'finish', request: `curl -H "Authorization: Bearer $KEY" "${base}/user/finish/${bought.id}"`, answer: pretty(finished) },
];

/** Price limits: save one, list them, remove one. */
export const fiveSimMaxPriceRequests = (base: string) =>
  [
    `curl -X POST -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\\n  -d '{"product_name":"telegram","price":0.50}' "${base}/user/max-prices"`,
    `curl -H "Authorization: Bearer $KEY" "${base}/user/max-prices"`,
    `curl -X DELETE -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\\n  -d '{"product_name":"telegram"}' "${base}/user/max-prices"`,
  ].join('\n');

export const fiveSimMaxPricesAnswer = pretty(maxPrices);
export const fiveSimPricesAnswer = pretty(prices);

/** An existing client of npm's `fivesim-api`, pointed at us: only its base URL changes. */
export const fiveSimClientExample = (base: string) => `import { FiveSimAPI, GuestService, UserService } from 'fivesim-api';

// Before creating the client: it reads the base URL when constructed.
UserService.baseURL = '${base}';
GuestService.baseURL = '${base}';

const api = new FiveSimAPI(process.env.NUMBERNEST_API_KEY);
const order = await api.buyActivationNumber('england', 'any', 'telegram');
let checked = await api.checkOrder(order.id);
while (checked.status === 'PENDING') {
  await new Promise((wait) => setTimeout(wait, 5000));
  checked = await api.checkOrder(order.id);
}
if (checked.status === 'RECEIVED') {
  console.log(checked.sms[0].code);
  await api.finishOrder(order.id);
}`;

/** Every JSON example on the page, each with the route whose answer it shows. */
export const fiveSimJsonExamples: FiveSimJsonExample[] = [
  { route: 'GET /v1/user/profile', value: profile },
  { route: 'GET /v1/user/buy/activation/{country}/{operator}/{product}', value: bought },
  { route: 'GET /v1/user/check/{id}', value: checked },
  { route: 'GET /v1/user/finish/{id}', value: finished },
  { route: 'GET /v1/guest/prices', value: prices },
  { route: 'GET /v1/user/max-prices', value: maxPrices },
];
