import type { BlogPost, BlogSummary, Localized } from '@numbernest/contracts';
import { getItem, queryAll } from '../shared/db';
import { NotFoundError } from '../shared/errors';
import { blogCoverUrl } from '../shared/images';
import { contentKeys } from './keys';

export interface BlogPostItem {
  id: number;
  slug: string;
  /** ISO date, e.g. 2025-03-14. */
  publishedAt: string;
  title: Localized;
  excerpt: Localized;
  /** Paragraphs per language (Malay where written). */
  body: { en: string[]; ru: string[]; ms?: string[] };
}

const toSummary = (p: Omit<BlogPostItem, 'body'>): BlogSummary => ({
  id: p.id,
  slug: p.slug,
  published_at: p.publishedAt,
  cover: blogCoverUrl(p.slug),
  title: p.title,
  excerpt: p.excerpt,
});

/** Summaries (no body), newest first. */
export async function listBlogPosts(): Promise<BlogSummary[]> {
  const items = await queryAll<Omit<BlogPostItem, 'body'>>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': contentKeys.blogPosts },
    // Summaries only: the body stays behind. Names aliased since some are reserved words.
    ProjectionExpression: '#id, #slug, #publishedAt, #title, #excerpt',
    ExpressionAttributeNames: {
      '#id': 'id',
      '#slug': 'slug',
      '#publishedAt': 'publishedAt',
      '#title': 'title',
      '#excerpt': 'excerpt',
    },
  });
  return items.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id).map(toSummary);
}

export async function getBlogPost(id: number): Promise<BlogPost> {
  const item = await getItem<BlogPostItem>(contentKeys.blogPost(id));
  if (!item) throw new NotFoundError(`Blog post ${id} not found`, 'BLOG_POST_NOT_FOUND', { id });
  return { ...toSummary(item), body: item.body };
}
