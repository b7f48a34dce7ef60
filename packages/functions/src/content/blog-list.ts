import { listBlogPosts } from '@numbernest/core/content';
import { httpHandler } from '../lib/http';

/** GET /api/blogs -> { data: [summary] }, newest first. */
export const handler = httpHandler({}, async () => ({ data: await listBlogPosts() }));
