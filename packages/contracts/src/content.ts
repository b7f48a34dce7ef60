import * as z from 'zod/mini';
import { idSchema, intSchema, listReply } from './http';
import { multiLine, singleLine } from './text';

/** Copy written in the interface languages: English and Russian always, Malay where written (else English shows). */
export const localizedSchema = z.object({ en: z.string(), ru: z.string(), ms: z.optional(z.string()) });
export type Localized = z.infer<typeof localizedSchema>;

export const blogSummarySchema = z.object({
  id: intSchema(),
  slug: z.string(),
  published_at: z.string(), // ISO date
  cover: z.string(), // image url
  title: localizedSchema,
  excerpt: localizedSchema,
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogPostSchema = z.extend(blogSummarySchema, {
  /** Paragraphs, plain text. */
  body: z.object({ en: z.array(z.string()), ru: z.array(z.string()), ms: z.optional(z.array(z.string())) }),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListReplySchema = listReply(blogSummarySchema);
export const blogPostReplySchema = z.object({ data: blogPostSchema });
export const blogIdParamsSchema = z.strictObject({ id: idSchema });

/** Contact form; limits are the server's and the form's alike. */
export const contactRequestSchema = z.strictObject({
  name: z.string().check(z.trim(), singleLine(), z.minLength(2), z.maxLength(100)),
  email: z.email().check(singleLine(), z.maxLength(254)),
  subject: z.string().check(z.trim(), singleLine(), z.minLength(3), z.maxLength(150)),
  message: z.string().check(z.trim(), multiLine(), z.minLength(10), z.maxLength(5000)),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export const contactReplySchema = z.object({ message: z.string(), id: z.string() });
