import { routes } from '../packages/functions/src/routes';
import { api } from './api';
import { functionLogGroup } from './function-defaults';
import { alarmEmail } from './secrets';
import { webhookDeadLetters } from './webhooks';

/**
 * The stage's alarms, all notifying one SNS topic (ALARM and back to OK), e-mailed to the stage's
 * `AlarmEmail` setting once its owner confirms AWS's subscription e-mail (docs/deploy.md).
 */
export const alarmTopic = new aws.sns.Topic('Alarms', { displayName: `NumberNest ${$app.stage} alarms` });

// Created only when the stage names an address; the secret's value is known while deploying.
alarmEmail.value.apply((email) => {
  if (email) new aws.sns.TopicSubscription('AlarmEmail', { topic: alarmTopic.arn, protocol: 'email', endpoint: email });
});

const prefix = `${$app.name}-${$app.stage}`;
const FIVE_MINUTES = 300;
const notify = { alarmActions: [alarmTopic.arn], okActions: [alarmTopic.arn], treatMissingData: 'notBreaching' };

/** 5xx answers of the HTTP API, as a share of its requests: above 5 % in two of three 5-minute periods (from 20 requests). */
export const apiServerErrors = new aws.cloudwatch.MetricAlarm('ApiServerErrorRate', {
  name: `${prefix}-api-5xx-rate`,
  alarmDescription: 'More than 5 % of HTTP API requests answered 5xx (read the request lines with status >= 500 in the function log group)',
  comparisonOperator: 'GreaterThanThreshold',
  threshold: 5,
  evaluationPeriods: 3,
  datapointsToAlarm: 2,
  metricQueries: [
    {
      id: 'errors',
      returnData: false,
      metric: { namespace: 'AWS/ApiGateway', metricName: '5xx', dimensions: { ApiId: api.nodes.api.id }, period: FIVE_MINUTES, stat: 'Sum' },
    },
    {
      id: 'requests',
      returnData: false,
      metric: { namespace: 'AWS/ApiGateway', metricName: 'Count', dimensions: { ApiId: api.nodes.api.id }, period: FIVE_MINUTES, stat: 'Sum' },
    },
    { id: 'rate', returnData: true, label: '5xx % of requests', expression: 'IF(requests >= 20, 100 * errors / requests, 0)' },
  ],
  ...notify,
});

/**
 * Failed and throttled Lambda invocations (uncaught errors, timeouts, crashes; throttles include a
 * job run waiting on its reserved concurrency of 1). Lambda's own account-wide metrics: in an
 * account shared with other stages they count those stages' functions too (docs/deploy.md).
 */
const lambdaAlarm = (name: string, metricName: 'Errors' | 'Throttles', threshold: number) =>
  new aws.cloudwatch.MetricAlarm(`Lambda${metricName}`, {
    name: `${prefix}-lambda-${name}`,
    alarmDescription: `Lambda ${metricName} in the region reached ${threshold} in 5 minutes (find them with outcome "error" or Lambda's own lines in the function log group)`,
    namespace: 'AWS/Lambda',
    metricName,
    statistic: 'Sum',
    period: FIVE_MINUTES,
    evaluationPeriods: 1,
    comparisonOperator: 'GreaterThanOrEqualToThreshold',
    threshold,
    ...notify,
  });
export const lambdaErrors = lambdaAlarm('errors', 'Errors', 3);
export const lambdaThrottles = lambdaAlarm('throttles', 'Throttles', 5);

/**
 * Refused provider notifications (bad signature or unreadable: the webhook's request line with
 * status 400, 401 or 403), counted per provider from the structured log, one alarm per provider.
 */
const metricNamespace = `NumberNest/${$app.stage}`;
new aws.cloudwatch.LogMetricFilter('WebhookRejectedFilter', {
  logGroupName: functionLogGroup.name,
  pattern: '{ $.message = "request" && $.route = "POST /api/webhooks/*" && ($.status = 400 || $.status = 401 || $.status = 403) }',
  metricTransformation: { namespace: metricNamespace, name: 'WebhookRejected', value: '1', dimensions: { Provider: '$.provider' } },
});

/** `stripe`, `sms/twilio`, ...: the webhook routes of the route table. */
export const webhookProviders = routes.flatMap((route) => /^\/api\/webhooks\/(.+)$/.exec(route.path)?.[1] ?? []);

export const webhookRejected = webhookProviders.map(
  (provider) =>
    new aws.cloudwatch.MetricAlarm(`WebhookRejected${provider.replace(/[^a-zA-Z0-9]/g, '')}`, {
      name: `${prefix}-webhook-rejected-${provider.replace(/\//g, '-')}`,
      alarmDescription: `5 or more ${provider} webhook requests refused in 5 minutes: a wrong secret after a rotation, a changed URL, or someone forging them`,
      namespace: metricNamespace,
      metricName: 'WebhookRejected',
      dimensions: { Provider: provider },
      statistic: 'Sum',
      period: FIVE_MINUTES,
      evaluationPeriods: 1,
      comparisonOperator: 'GreaterThanOrEqualToThreshold',
      threshold: 5,
      ...notify,
    }),
);

/** Customer webhook messages that failed their redrives sit in the dead-letter queue: any is worth a look. */
export const deadLetters = new aws.cloudwatch.MetricAlarm('WebhookDeadLetters', {
  name: `${prefix}-webhook-dead-letters`,
  alarmDescription: 'Customer webhook deliveries in the dead-letter queue (storage errors on every attempt); inspect and redrive them from the SQS console',
  namespace: 'AWS/SQS',
  metricName: 'ApproximateNumberOfMessagesVisible',
  dimensions: { QueueName: webhookDeadLetters.nodes.queue.name },
  statistic: 'Maximum',
  period: FIVE_MINUTES,
  evaluationPeriods: 1,
  comparisonOperator: 'GreaterThanOrEqualToThreshold',
  threshold: 1,
  ...notify,
});
