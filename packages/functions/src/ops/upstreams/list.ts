import type { UpstreamsReply } from '@numbernest/contracts';
import { listUpstreams, toUpstreamView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/upstreams -> every upstream (removed ones left out), oldest first; never a key, only its last 4 characters. */
export const handler = opsHandler({}, async (): Promise<UpstreamsReply> => ({ data: (await listUpstreams()).map(toUpstreamView) }));
