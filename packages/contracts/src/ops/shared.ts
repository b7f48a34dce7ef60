import * as z from 'zod/mini';
import { blankIsNaN, blankIsUndefined, preprocess } from '../http';
import { joinLines, singleLine } from '../text';

/** Who did an operator write: the operator's `sub` and e-mail, or `cli:<name>` for the command line. */
export const operatorRefSchema = z.object({ sub: z.string(), email: z.string() });
export type OperatorRef = z.infer<typeof operatorRefSchema>;

/** Why an operator did it: required on every write that changes money or a customer's access. */
export const reasonSchema = z.string().check(joinLines(), z.trim(), singleLine(), z.minLength(3), z.maxLength(500));

/** `?cursor=&limit=` of the console's long lists: the cursor is the reply's `next_cursor`, opaque. */
export const cursorQuerySchema = z.object({
  cursor: z.optional(preprocess(blankIsUndefined, z.string().check(singleLine(), z.maxLength(500)))),
  limit: z.optional(preprocess(blankIsNaN, z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)))),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/** A page of a console list: its items and the cursor of the next page (null on the last). */
export const cursorPage = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item), next_cursor: z.nullable(z.string()) });

/** The Cognito group of operators: tokens of its members carry it in `cognito:groups`. */
export const operatorsGroup = 'operators';
