/** Content's items (written only by packages/core/src/content, and by the seed for the blog). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

const localized = z.object({ en: z.string(), ru: z.string(), ms: z.optional(z.string()) });
const blogPostKey = ({ id }: { id: number }) => ({ pk: 'BLOG_POSTS', sk: `POST#${String(id).padStart(4, '0')}` });
const blogSummaryShape = {
  id: z.int(),
  slug: z.string(),
  /** ISO date, e.g. 2025-03-14. */
  publishedAt: z.string(),
  title: localized,
  excerpt: localized,
};

/** A blog post with its paragraphs per language (Malay where written), all in one partition. In no index, no TTL. */
export const blogPostItem = defineItem({
  name: 'blog post',
  owner: 'content',
  key: blogPostKey,
  schema: z.object({ ...blogSummaryShape, body: z.object({ en: z.array(z.string()), ru: z.array(z.string()), ms: z.optional(z.array(z.string())) }) }),
});

/** The same item without its body: the blog's list reads only these attributes (`schemaOnly`). */
export const blogSummaryItem = defineItem({ name: 'blog post summary', owner: 'content', key: blogPostKey, schema: z.object(blogSummaryShape) });

const operatorRef = z.object({ sub: z.string(), email: z.string() });

/**
 * A contact-form message, new until an operator answers it (its answers are kept with it) or marks
 * it handled. In no index, no TTL (support keeps its history).
 */
export const contactMessageItem = defineItem({
  name: 'contact message',
  owner: 'content',
  key: ({ id }: { id: string }) => ({ pk: 'CONTACT_MESSAGES', sk: `MESSAGE#${id}` }),
  schema: z.object({
    id: z.string(),
    createdAt: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    status: z.enum(['new', 'handled']),
    handledAt: z.optional(z.string()),
    handledBy: z.optional(operatorRef),
    replies: z.optional(z.array(z.object({ id: z.string(), by: operatorRef, at: z.string(), body: z.string() }))),
  }),
});

/**
 * A message's place in the operators' inbox: in its new list (`NEW#<id>`) or its handled one
 * (`HANDLED#<id>`), moved in the transaction that changes its status, so a tab is one Query and the
 * unanswered count a COUNT Query. In no index, no TTL.
 */
export const contactInboxEntryItem = defineItem({
  name: 'contact inbox entry',
  owner: 'content',
  key: ({ list, id }: { list: 'NEW' | 'HANDLED'; id: string }) => ({ pk: 'CONTACT_INBOX', sk: `${list}#${id}` }),
  schema: z.object({ id: z.string() }),
});
