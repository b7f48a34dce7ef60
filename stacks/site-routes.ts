import { seedBlogPosts } from '../packages/core/src/seed/blog-posts';

/**
 * The Router (stacks/router.ts) sends every path under a folder of the build straight to S3, and
 * the prerenderer (web/prerender) writes a page per blog post it knows: `blogs/<id>/index.html`
 * for each seeded post. A post published after the build has no such file, and S3 would answer
 * 403; like every other client route it gets the app's index.html instead (a rewrite: the browser
 * keeps its URL and the app renders the post from the API).
 *
 * Viewer-request code (CloudFront Functions JS), run before the Router's own routing.
 */
export function unrenderedPostsToApp(prerenderedPostIds: readonly number[] = seedBlogPosts.map((post) => post.id)): string {
  const prerendered = JSON.stringify(prerenderedPostIds.map((id) => `/blogs/${id}`));
  return `if (event.request.uri.startsWith('/blogs/') && ${prerendered}.indexOf(event.request.uri.replace(/\\/$/, '')) === -1) { event.request.uri = '/'; }`;
}
