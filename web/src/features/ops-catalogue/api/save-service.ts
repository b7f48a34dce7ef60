import type { OpsService, ServiceCreate, ServicePatch } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

type Reply = { data: OpsService; cache_seconds: number };

/** POST /ops/services: adds a service. */
export const addService = (body: ServiceCreate) => apiRequest<Reply>('/ops/services', { body });

/** PATCH /ops/services/{id}: name, slug, SMS-Activate code, SMS patterns. */
export const updateService = (serviceId: number, body: ServicePatch) => apiRequest<Reply>(`/ops/services/${serviceId}`, { method: 'PATCH', body });
