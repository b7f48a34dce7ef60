import { parseFields } from '@numbernest/contracts';
import { ValidationError } from '@numbernest/core/errors';
import type * as z from 'zod/mini';

export type RequestPart = 'body' | 'params' | 'query';

/** Parses one part of the request; bad input -> ValidationError('Invalid request', {field: [..]}). */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = parseFields(schema, value, part);
  if (result.success) return result.data;
  throw new ValidationError('Invalid request', result.fields);
}
