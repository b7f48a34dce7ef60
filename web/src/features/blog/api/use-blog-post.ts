import useSWR from 'swr';
import type { BlogPost } from '@numbernest/contracts';
import type { ApiError } from '@/lib/api-client';

/** GET /api/blogs/{id}: one post with its body; a 404 (or 400 for a malformed id) means no such post. */
export function useBlogPost(id: string | undefined) {
  return useSWR<{ data: BlogPost }, ApiError>(id ? `/blogs/${encodeURIComponent(id)}` : null);
}
