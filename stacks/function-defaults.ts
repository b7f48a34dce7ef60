import { defaultFunctionTimeoutSeconds } from './function-timeouts';
import { linksFor, provideLinks } from './links';
import { imageBaseUrl, siteUrl, webOrigins } from './router';
import { allSecrets } from './secrets';
import { isProduction } from './stage';
import { table } from './storage';

provideLinks({ Table: table, ...allSecrets });

/**
 * Every function of the stage writes to this one log group: the logger's JSON lines carry the
 * route or function name, and the metric filters of stacks/alarms.ts read them all in one place.
 */
export const functionLogGroup = new aws.cloudwatch.LogGroup('FunctionLogs', {
  name: `/${$app.name}/${$app.stage}/functions`,
  retentionInDays: isProduction ? 90 : 14,
});

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
  args.timeout ??= `${defaultFunctionTimeoutSeconds} seconds`;
  // Bundled as scripts/src/lambda-bundles.ts measures them (budget 150 KB each): minified (SST 4.17
  // does not unless told), dynamic imports in lazy chunks (the Stripe SDK loads only for a checkout),
  // and the AWS SDK v3 taken from the Lambda runtime instead of bundled.
  args.nodejs ??= { minify: true, splitting: true, esbuild: { external: ['@aws-sdk/*'] } };
  args.logging ??= { logGroup: functionLogGroup.name };
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
