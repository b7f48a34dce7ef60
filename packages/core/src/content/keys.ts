/** Content keys (docs/access-patterns.md). */
export const contentKeys = {
  blogPosts: 'BLOG_POSTS',
  blogPost: (id: number) => ({ pk: 'BLOG_POSTS', sk: `POST#${String(id).padStart(4, '0')}` }),
  contactMessage: (id: string) => ({ pk: 'CONTACT_MESSAGES', sk: `MESSAGE#${id}` }),
};
