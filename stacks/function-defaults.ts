import { linksFor, provideLinks } from './links';
import { imageBaseUrl, siteUrl, webOrigins } from './router';
import { allSecrets } from './secrets';
import { table } from './storage';

provideLinks({ Table: table, ...allSecrets });

/**
 * Defaults for every Lambda of the app, in one place: API routes, socket routes, the cron jobs,
 * the queue subscriber and the Cognito trigger. Each stack that creates functions imports this
 * module first, so the transform is registered before any function exists. A function may still
 * override a default, except its links: those come from its row in packages/functions/src/links.ts.
 */
$transform(sst.aws.Function, (args) => {
  args.runtime ??= 'nodejs22.x';
  args.architecture ??= 'arm64';
  args.memory ??= '512 MB';
  args.timeout ??= '10 seconds';
  args.link = $resolve([args.handler, args.link ?? []] as const).apply(([handler, link]) => {
    if (link.length) throw new Error(`${handler}: give its links in packages/functions/src/links.ts, not in the stack`);
    return linksFor(handler);
  });
  args.environment = $resolve({ environment: args.environment ?? {}, imageBaseUrl, webOrigins, siteUrl }).apply(
    ({ environment, imageBaseUrl, webOrigins, siteUrl }) => ({
      IMAGE_BASE_URL: imageBaseUrl,
      WEB_ORIGINS: webOrigins.join(','),
      // Where browsers come back to from a payment provider's checkout.
      SITE_URL: siteUrl,
      ...environment,
    }),
  );
});
