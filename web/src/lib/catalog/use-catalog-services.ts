import type { CatalogService } from '@numbernest/contracts';
import useSWR from 'swr';
import type { ApiError } from '@/lib/api-client';

/** GET /api/services: every service of the catalogue with its protocol code (live: operators set the codes). */
export function useCatalogServices() {
  return useSWR<{ data: CatalogService[] }, ApiError>('/services');
}
