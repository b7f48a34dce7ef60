import { hashedAssetsDir, imageExtensions, webCache } from '../packages/local/src/web-cache';
import { api } from './api';
import { hostedUiUrl, userPool, userPoolClient } from './auth';
import { realtime } from './realtime';
import { router, siteUrl } from './router';
import { region } from './stage';

/** Source maps stay out of the bucket: nothing on a deployed stage serves the app's source. */
const noSourceMaps = '**/*.map';

/**
 * The Vite app, built with the deployed endpoints baked in and served through the Router
 * (see stacks/router.ts for why the Router exists). The Router's CloudFront distribution compresses
 * (brotli or gzip by Accept-Encoding; its cache policy keys on both), serves a route's prerendered
 * `<path>.html` or `<path>/index.html` when the build made one, and falls back to index.html for
 * other paths, so client-side routes work on reload (blog posts published since the build included:
 * stacks/site-routes.ts).
 *
 * Cache-Control per kind of file, the same table the local cloud serves with (web-cache.ts). A file
 * matched by no entry is not uploaded; SST gives the later entries precedence:
 * - everything else (pages, robots.txt, the web manifest): revalidated on every visit;
 * - unhashed pictures (flags, logos, blog covers under /images, the favicon): an hour, replaceable;
 * - Vite's content-hashed /assets/*: a year, immutable.
 */
export const web = new sst.aws.StaticSite('Web', {
  path: 'web',
  build: { command: 'npm run build', output: 'dist' },
  router: { instance: router },
  assets: {
    fileOptions: [
      { files: '**', ignore: noSourceMaps, cacheControl: webCache.page },
      { files: imageExtensions.map((extension) => `**/*${extension}`), ignore: noSourceMaps, cacheControl: webCache.replaceable },
      { files: `${hashedAssetsDir}/**`, ignore: noSourceMaps, cacheControl: webCache.hashed },
    ],
  },
  // After a deploy that changed any file, CloudFront drops its copies (one invalidation of /*):
  // a replaced picture keeps its name, and the edges would otherwise keep the old one for its hour.
  invalidation: { paths: 'all', wait: false },
  environment: {
    VITE_API_URL: api.url,
    VITE_USER_POOL_ID: userPool.id,
    VITE_USER_POOL_CLIENT_ID: userPoolClient.id,
    VITE_REGION: region,
    VITE_WS_URL: realtime.url,
    VITE_OAUTH_DOMAIN: hostedUiUrl,
    // The prerenderer's canonical URLs, Open Graph URLs and sitemap.xml name the public origin.
    SITE_URL: siteUrl,
  },
});
