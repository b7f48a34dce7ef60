/** Content keys (docs/access-patterns.md). */
export const contentKeys = {
  blogPosts: 'BLOG_POSTS',
  blogPost: (id: number) => ({ pk: 'BLOG_POSTS', sk: `POST#${String(id).padStart(4, '0')}` }),
  contactMessage: (id: string) => ({ pk: 'CONTACT_MESSAGES', sk: `MESSAGE#${id}` }),
  /** The inbox's two lists (items `{ id }`), moved in the transaction that changes the message's status. */
  contactInbox: 'CONTACT_INBOX',
  contactNew: (id: string) => ({ pk: 'CONTACT_INBOX', sk: `NEW#${id}` }),
  contactHandled: (id: string) => ({ pk: 'CONTACT_INBOX', sk: `HANDLED#${id}` }),
};
