import { upstreamParamsSchema, type UpstreamReply } from '@numbernest/contracts';
import { removeUpstream, toUpstreamView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** DELETE /api/ops/upstreams/{id} -> the upstream, removed: no longer bought from, its name free again, its history kept (audited). */
export const handler = opsHandler({ params: upstreamParamsSchema }, async ({ params, operator }): Promise<UpstreamReply> => ({
  data: toUpstreamView(await removeUpstream(params.id, operator)),
}));
