import type { CreateUpstreamRequest, UpstreamReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { upstreamsPath } from './use-upstreams';

/** POST /ops/upstreams: a new upstream (its key is never answered again, only its last 4 characters). */
export const addUpstream = (body: CreateUpstreamRequest) => apiRequest<UpstreamReply>(upstreamsPath, { method: 'POST', body });
