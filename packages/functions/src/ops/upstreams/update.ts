import { updateUpstreamRequestSchema, upstreamParamsSchema, type UpstreamReply } from '@numbernest/contracts';
import { toUpstreamView, updateUpstream } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** PATCH /api/ops/upstreams/{id} {name?, url?, key?, currency?, rate?, min_margin_percent?, paused?} -> the upstream as it is now (audited). */
export const handler = opsHandler(
  { params: upstreamParamsSchema, body: updateUpstreamRequestSchema },
  async ({ params, body, operator }): Promise<UpstreamReply> => ({ data: toUpstreamView(await updateUpstream(params.id, body, operator)) }),
);
