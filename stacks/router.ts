import { unrenderedPostsToApp } from './site-routes';
import { localOrigins } from './stage';

/**
 * The site's public entry point, created before everything that needs to know the site URL.
 *
 * Why a Router: the site's build needs the API URL and the Cognito ids, while the API (CORS,
 * WEB_ORIGINS, IMAGE_BASE_URL) and the Cognito client (callback URLs) need the site URL. With the
 * StaticSite's own CloudFront distribution that is a cycle. The Router's distribution depends on
 * nothing, so its URL is known first; the site attaches to it (stacks/web.ts) and everyone else
 * reads `siteUrl` from here. A custom domain would go on this Router (`domain: ...`).
 */
export const router = new sst.aws.Router('Router', { edge: { viewerRequest: { injection: unrenderedPostsToApp() } } });

export const siteUrl = router.url;

/** Origins allowed to call the API and to finish a hosted-UI sign-in. */
export const webOrigins = siteUrl.apply((url) => [url, ...localOrigins]);

/** Public images are static files of the site (web/public/images). */
export const imageBaseUrl = $interpolate`${siteUrl}/images`;
