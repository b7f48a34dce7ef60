/// <reference path="./.sst/platform/config.d.ts" />

/**
 * NumberNest on AWS. The stacks/ modules create the resources at module level; they are imported
 * inside run() because SST's globals (`sst`, `aws`, `$app`, ...) exist only while run() executes.
 * Deploying is described in docs/deploy.md.
 */
export default $config({
  app(input) {
    const production = input.stage === 'production';
    return {
      name: 'numbernest',
      home: 'aws',
      removal: production ? 'retain' : 'remove',
      protect: production,
      providers: {
        // Pinned: the region holds the stage's state, and the provider version its resources.
        aws: { region: process.env.NUMBERNEST_REGION ?? 'us-east-1', version: '7.20.0' },
      },
      // Workspaces keep their own hand-written sst-env.d.ts (or none); deploys leave them alone.
      types: { ignore: ['packages', 'web', 'scripts'] },
    };
  },
  async run() {
    // First: it narrows the table's link before the table exists (stacks/links.ts).
    await import('./stacks/links');
    const { table } = await import('./stacks/storage');
    const { userPool, userPoolClient, hostedUiUrl } = await import('./stacks/auth');
    const { realtime } = await import('./stacks/realtime');
    await import('./stacks/mail');
    const { api } = await import('./stacks/api');
    await import('./stacks/webhooks');
    await import('./stacks/jobs');
    const { web } = await import('./stacks/web');
    const { alarmTopic } = await import('./stacks/alarms');
    const { region } = await import('./stacks/stage');

    return {
      apiUrl: api.url,
      siteUrl: web.url,
      webSocketUrl: realtime.url,
      userPoolId: userPool.id,
      userPoolClientId: userPoolClient.id,
      hostedUiUrl,
      region,
      tableName: table.name,
      alarmTopicArn: alarmTopic.arn,
    };
  },
});
