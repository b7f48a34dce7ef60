/**
 * How long a browser (and CloudFront) may keep each kind of web file. One table for both places the
 * site is served: the local cloud's static server (packages/local/src/web.ts) and the deployed stage
 * (stacks/web.ts), so they cannot drift apart. No imports: the infra type-check reads this too.
 */
export const webCache = {
  /** Vite's content-hashed build output (/assets/*): a new build writes new names. */
  hashed: 'public, max-age=31536000, immutable',
  /** Pages and other documents that name the hashed files: always revalidated, so a deploy shows at once. */
  page: 'no-cache',
  /** Unhashed images (flags, logos, blog covers under /images, the favicon): kept an hour, replaceable in place. */
  replaceable: 'public, max-age=3600',
} as const;

/** The folder of hashed build output, as Vite names it. */
export const hashedAssetsDir = 'assets';

/** File extensions of pictures (the `replaceable` kind when they are not hashed). */
export const imageExtensions = ['.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico'] as const;
