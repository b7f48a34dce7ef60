import { z } from 'zod';
import { idSchema, listReply } from './http';

/** Copy written in both interface languages. */
export const localizedSchema = z.object({ en: z.string(), ru: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

export const blogSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  published_at: z.string(), // ISO date
  cover: z.string(), // image url
  title: localizedSchema,
  excerpt: localizedSchema,
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogPostSchema = blogSummarySchema.extend({
  /** Paragraphs, plain text. */
  body: z.object({ en: z.array(z.string()), ru: z.array(z.string()) }),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListReplySchema = listReply(blogSummarySchema);
export const blogPostReplySchema = z.object({ data: blogPostSchema });
export const blogIdParamsSchema = z.strictObject({ id: idSchema });

/** Contact form; limits are the server's and the form's alike. */
export const contactRequestSchema = z.strictObject({
  name: z.string().trim().min(2).max(100),
  email: z.email().max(254),
  subject: z.string().trim().min(3).max(150),
  message: z.string().trim().min(10).max(5000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export const contactReplySchema = z.object({ message: z.string(), id: z.string() });
