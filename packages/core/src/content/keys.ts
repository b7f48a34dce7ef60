/**
 * Content keys.
 *
 * | item            | pk               | sk                 |
 * |-----------------|------------------|--------------------|
 * | blog post       | BLOG_POSTS       | POST#0001          |
 * | contact message | CONTACT_MESSAGES | MESSAGE#<id>       |  (ids sort by time)
 */
export const contentKeys = {
  blogPosts: 'BLOG_POSTS',
  blogPost: (id: number) => ({ pk: 'BLOG_POSTS', sk: `POST#${String(id).padStart(4, '0')}` }),
  contactMessage: (id: string) => ({ pk: 'CONTACT_MESSAGES', sk: `MESSAGE#${id}` }),
};
