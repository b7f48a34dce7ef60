import type { OperatorRef } from '@numbernest/contracts/ops';
import type * as z from 'zod/mini';
import { operatorOf } from '../auth/operator';
import { httpHandler, type HandlerInput, type HandlerOptions } from './http';

type Schema = z.ZodMiniType | undefined;

/**
 * httpHandler for a route under /api/ops/: signed in, and the stack has already checked the caller
 * is an operator (401/403 otherwise), so the handler gets `operator` for the audit entries it writes.
 *
 *   export const handler = opsHandler({ query: cursorQuerySchema }, async ({ query }) => …);
 */
export function opsHandler<B extends Schema = undefined, P extends Schema = undefined, Q extends Schema = undefined>(
  options: Omit<HandlerOptions<B, P, Q, true>, 'auth' | 'operator'>,
  run: (input: HandlerInput<B, P, Q, true> & { operator: OperatorRef }) => Promise<unknown>,
) {
  return httpHandler({ ...options, auth: true, operator: operatorOf }, (input) => {
    if (!input.operator) throw new Error('opsHandler serves routes under /api/ops/ only');
    return run({ ...input, operator: input.operator });
  });
}
