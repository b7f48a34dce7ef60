import { fieldProblem, idempotencyHeader, idempotencyKeySchema } from '@numbernest/contracts';
import { ValidationError } from '@numbernest/core/errors';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The `Idempotency-Key` header of a money-moving POST (required: without it a retry could move money twice). */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2): string {
  const result = idempotencyKeySchema.safeParse(event.headers?.[idempotencyHeader] ?? event.headers?.['Idempotency-Key']);
  if (result.success) return result.data;
  throw new ValidationError('Invalid request', {
    'Idempotency-Key': [fieldProblem('IDEMPOTENCY_KEY_MISSING')],
  });
}
