import { blogIdParamsSchema } from '@numbernest/contracts';
import { getBlogPost } from '@numbernest/core/content';
import { httpHandler } from '../lib/http';

/** GET /api/blogs/{id} -> { data: post }; unknown id -> 404. */
export const handler = httpHandler({ params: blogIdParamsSchema }, async ({ params }) => ({
  data: await getBlogPost(params.id),
}));
