import { numberIdParamsSchema, retireNumberBodySchema, type NumberReply } from '@numbernest/contracts/ops';
import { setRetired } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/numbers/{numberId}/retire { reason } -> never offered again; a running rental runs its course. */
export const handler = opsHandler({ params: numberIdParamsSchema, body: retireNumberBodySchema }, async ({ params, body, operator }): Promise<NumberReply> => {
  return { message: 'success', data: await setRetired(operator, params.numberId, true, body.reason) };
});
