/** Developer's items (written only by packages/core/src/developer): the handler_api's API keys. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** The sort key prefix of a user's API keys (ids sort by time). */
export const apiKeyPrefix = 'APIKEY#';

/** An API key as both of its items store it: only the SHA-256 of the key, never the key. */
const apiKeySchema = z.object({
  id: z.string(),
  sub: z.string(),
  name: z.string(),
  hash: z.string(),
  createdAt: z.string(),
  /** Written at most once a minute per key. */
  lastUsedAt: z.optional(z.string()),
  revokedAt: z.optional(z.string()),
});

/** An API key found by its hash (`API_KEY#<sha256>`), one GetItem per handler_api request; written with its owner's copy. No TTL, no index. */
export const apiKeyByHashItem = defineItem({
  name: 'API key by hash',
  owner: 'developer',
  key: ({ hash }: { hash: string }) => ({ pk: `API_KEY#${hash}`, sk: 'API_KEY' }),
  schema: apiKeySchema,
});

/** An API key in its owner's partition (sort key APIKEY#<id>), for the list; written with its by-hash copy. No TTL, no index. */
export const apiKeyOfUserItem = defineItem({
  name: 'API key of a user',
  owner: 'developer',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: `USER#${sub}`, sk: `${apiKeyPrefix}${id}` }),
  schema: apiKeySchema,
});

/** The sort key prefix of a user's saved price limits (one per service, by service id). */
export const maxPricePrefix = 'MAX_PRICE#';

/**
 * A customer's saved price limit for one service (5sim's "max price" per product), in their own
 * partition: every purchase through the developer APIs without an explicit maxPrice is held to it.
 * Put whole on each save (createdAt kept); Delete. No TTL, no index.
 */
export const maxPriceItem = defineItem({
  name: 'price limit of a user',
  owner: 'developer',
  key: ({ sub, serviceId }: { sub: string; serviceId: number }) => ({ pk: `USER#${sub}`, sk: `${maxPricePrefix}${String(serviceId).padStart(6, '0')}` }),
  schema: z.object({
    sub: z.string(),
    serviceId: z.int(),
    priceCents: z.int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
});
