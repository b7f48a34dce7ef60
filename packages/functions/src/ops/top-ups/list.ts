import { opsTopUpsQuerySchema, type OpsTopUpsReply } from '@numbernest/contracts/ops';
import { listTopUpsInReview, toOpsTopUp } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/top-ups?status=review&cursor=&limit= -> the top-ups waiting for an operator, newest first. */
export const handler = opsHandler({ query: opsTopUpsQuerySchema }, async ({ query }): Promise<OpsTopUpsReply> => {
  const page = await listTopUpsInReview({ limit: query.limit, cursor: query.cursor });
  return { data: page.items.map(toOpsTopUp), next_cursor: page.cursor ?? null };
});
