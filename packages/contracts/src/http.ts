import { z } from 'zod';

/** Every 4xx/5xx body: a sentence for people and, for bad input, the message per field. */
export const errorReplySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** List replies of spec §7 keep the `{ data }` envelope. */
export const listReply = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** Ids in paths and bodies: positive integers, bounded so a huge number is a 400, not a lookup. */
export const idSchema = z.coerce.number().int().positive().max(1_000_000_000);

/** Ids inside a JSON body must be JSON numbers: `true` or `[5]` is a 400, not a coerced lookup. */
export const bodyIdSchema = z.number().int().positive().max(1_000_000_000);

/** Query helpers: a blank parameter means absent (`?kind=`), and a blank number is a 400, not 0. */
export const blankIsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const blankIsNaN = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value);

/** `?page=` of the paged lists: pages start at 0 and are capped (a page is reached by reading those before it). */
export const pageNumberSchema = (maxPage: number) => z.preprocess(blankIsNaN, z.coerce.number().int().min(0).max(maxPage)).optional();
