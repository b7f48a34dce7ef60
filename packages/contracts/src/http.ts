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
