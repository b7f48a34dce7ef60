import { numberIdParamsSchema, type NumberReply } from '@numbernest/contracts/ops';
import { setRetired } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/numbers/{numberId}/unretire -> offered again. */
export const handler = opsHandler({ params: numberIdParamsSchema }, async ({ params, operator }): Promise<NumberReply> => {
  return { message: 'success', data: await setRetired(operator, params.numberId, false) };
});
