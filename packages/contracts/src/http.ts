import * as z from 'zod/mini';

/** List replies keep the `{ data }` envelope (docs/decisions/0011-original-client-contract.md). */
export const listReply = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item) });

/** A JSON number that is an integer (zod/mini spelling of classic `z.number().int()`). */
export const intSchema = () => z.number().check(z.int());

/** Ids in paths and bodies: positive integers, bounded so a huge number is a 400, not a lookup. */
export const idSchema = z.coerce.number().check(z.int(), z.positive(), z.maximum(1_000_000_000));

/** Ids inside a JSON body must be JSON numbers: `true` or `[5]` is a 400, not a coerced lookup. */
export const bodyIdSchema = intSchema().check(z.positive(), z.maximum(1_000_000_000));

/** Query helpers: a blank parameter means absent (`?kind=`), and a blank number is a 400, not 0. */
export const blankIsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const blankIsNaN = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value);

/** Classic zod's `z.preprocess(fn, schema)`: `fn` reshapes the raw input before `schema` reads it. */
export const preprocess = <T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);

/** `?page=` of the paged lists: pages start at 0 and are capped (a page is reached by reading those before it). */
export const pageNumberSchema = (maxPage: number) => z.optional(preprocess(blankIsNaN, z.coerce.number().check(z.int(), z.minimum(0), z.maximum(maxPage))));
