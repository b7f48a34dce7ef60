import { imageBaseUrl, siteUrl, webOrigins } from './router';
import { table } from './storage';

/**
 * Defaults for every Lambda of the app, in one place: API routes, socket routes, the cron job and
 * the Cognito trigger. Each stack that creates functions imports this module first, so the
 * transform is registered before any function exists. A function may still override a default.
 */
$transform(sst.aws.Function, (args) => {
  args.runtime ??= 'nodejs22.x';
  args.architecture ??= 'arm64';
  args.memory ??= '512 MB';
  args.timeout ??= '10 seconds';
  // Bundled as scripts/src/lambda-bundles.ts measures them (budget 150 KB each): minified (SST 4.17
  // does not unless told), dynamic imports in lazy chunks (the Stripe SDK loads only for a checkout),
  // and the AWS SDK v3 taken from the Lambda runtime instead of bundled.
  args.nodejs ??= { minify: true, splitting: true, esbuild: { external: ['@aws-sdk/*'] } };
  // Every handler reaches the table through core (`Resource.Table.name`).
  args.link = $output(args.link ?? []).apply((link) => [table, ...link]);
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
