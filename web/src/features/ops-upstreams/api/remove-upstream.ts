import type { UpstreamReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { upstreamsPath } from './use-upstreams';

/** DELETE /ops/upstreams/{id}: no longer bought from; its history stays. */
export const removeUpstream = (id: string) => apiRequest<UpstreamReply>(`${upstreamsPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
