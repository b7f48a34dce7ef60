export { listBlogPosts, getBlogPost, type BlogPostItem } from './blog';
export { saveContactMessage, getContactMessage, type ContactMessageItem, type ContactReplyItem } from './contact';
export { listContactMessages, countUnansweredContactMessages, replyToContactMessage, markContactMessageHandled, toContactMessage } from './inbox';
export { seedBlogPosts } from './blog-posts';
