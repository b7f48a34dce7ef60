import type { UpdateUpstreamRequest, UpstreamReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { upstreamsPath } from './use-upstreams';

/** PATCH /ops/upstreams/{id}: its name, URL, key, currency and rate, margin, or paused (false resumes it). */
export const updateUpstream = (id: string, body: UpdateUpstreamRequest) =>
  apiRequest<UpstreamReply>(`${upstreamsPath}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
