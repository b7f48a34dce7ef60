export { contentKeys } from './keys';
export { listBlogPosts, getBlogPost, type BlogPostItem } from './blog';
export { saveContactMessage, getContactMessage, type ContactMessageItem } from './contact';
