import useSWR from 'swr';
import type { BlogSummary } from '@numbernest/contracts';
import type { ApiError } from '@/lib/api-client';

/** GET /api/blogs: summaries, newest first. */
export function useBlogPosts() {
  return useSWR<{ data: BlogSummary[] }, ApiError>('/blogs');
}
