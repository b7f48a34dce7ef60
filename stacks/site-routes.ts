import { seedBlogPosts } from '../packages/core/src/content/blog-posts';
import { servedPathPattern } from '../packages/local/src/served-paths';
import { servedPathTemplates } from '../web/src/app/served-paths';

const prerenderedPostPaths = (ids: readonly number[]) => JSON.stringify(ids.map((id) => `/blogs/${id}`));

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
  const prerendered = prerenderedPostPaths(prerenderedPostIds);
  return `if (event.request.uri.startsWith('/blogs/') && ${prerendered}.indexOf(event.request.uri.replace(/\\/$/, '')) === -1) { event.request.uri = '/'; }`;
}

/**
 * A page path no route serves (and a blog post the build did not prerender) gets the app, which
 * shows its not-found page, with 404 instead of 200: search engines drop it, links checkers see it.
 * Viewer-response code: `event.request` is the request as the viewer sent it, before any rewrite.
 * Only a 200 page (no extension in the path) changes; files, redirects and 304s pass as they are.
 */
export function unservedPathsNotFound(
  templates: readonly string[] = servedPathTemplates(),
  prerenderedPostIds: readonly number[] = seedBlogPosts.map((post) => post.id),
): string {
  const served = servedPathPattern(templates);
  return [
    `var uri = event.request.uri;`,
    String.raw`if (event.response.statusCode === 200 && !/\.[^/]*$/.test(uri) && !${served.toString()}.test(uri) && ${prerenderedPostPaths(prerenderedPostIds)}.indexOf(uri.replace(/\/$/, '')) === -1) {`,
    `  event.response.statusCode = 404;`,
    `  event.response.statusDescription = 'Not Found';`,
    `}`,
  ].join('\n');
}
