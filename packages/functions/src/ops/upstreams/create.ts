import { createUpstreamRequestSchema, type UpstreamReply } from '@numbernest/contracts';
import { addUpstream, toUpstreamView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';
import { withStatus } from '../../lib/reply';

/** POST /api/ops/upstreams {kind, name, url, key, currency?, rate?, min_margin_percent?} -> 201 the upstream (audited; 400 a refused URL, 409 a name taken). */
export const handler = opsHandler({ body: createUpstreamRequestSchema }, async ({ body, operator }) =>
  withStatus<UpstreamReply>(201, { data: toUpstreamView(await addUpstream(body, operator)) }),
);
