import * as z from 'zod/mini';
import { errorCodes } from './error-codes';
import { errorParamsSchema, fieldIssueSchema } from './errors';

// Its own module: the schema holds every code, which a Lambda that only answers with them never loads.

export const errorCodeSchema = z.enum(errorCodes);

/**
 * Every 4xx/5xx body: a sentence for people, its `code` (and `params`), and, for bad input, the
 * problems per field twice: `errors` as English sentences, `fields` as codes (same order).
 */
export const errorReplySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  params: z.optional(errorParamsSchema),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  fields: z.optional(z.record(z.string(), z.array(fieldIssueSchema))),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
