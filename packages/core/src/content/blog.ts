import type { BlogPost, BlogSummary } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import { readItem, readPartition } from '../shared/db/item';
import { blogPostItem, blogSummaryItem } from '../shared/db/items/content';
import { NotFoundError } from '../shared/errors';
import { blogCoverUrl } from '../shared/images';

export type BlogPostItem = z.infer<typeof blogPostItem.schema>;

const toSummary = (p: z.infer<typeof blogSummaryItem.schema>): BlogSummary => ({
  id: p.id,
  slug: p.slug,
  published_at: p.publishedAt,
  cover: blogCoverUrl(p.slug),
  title: p.title,
  excerpt: p.excerpt,
});

/** Summaries (no body: only the summary's attributes are read), newest first. */
export async function listBlogPosts(): Promise<BlogSummary[]> {
  const items = await readPartition(blogSummaryItem, { id: 0 }, { schemaOnly: true });
  return items.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id).map(toSummary);
}

export async function getBlogPost(id: number): Promise<BlogPost> {
  const item = await readItem(blogPostItem, { id });
  if (!item) throw new NotFoundError(`Blog post ${id} not found`, 'BLOG_POST_NOT_FOUND', { id });
  return { ...toSummary(item), body: item.body };
}
