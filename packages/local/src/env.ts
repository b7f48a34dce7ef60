import { paymentResourceEnv } from './payments/settings';
import { pushResourceEnv } from './push';
import { localMailSender, sesPath } from './ses';
import { smsResourceEnv } from './sms/settings';
import { whatsappResourceEnv } from './whatsapp/settings';
import { telegramResourceEnv } from './telegram';
import { messengerResourceEnv } from './messenger/settings';

/** What the handlers see: the variables SST links and Lambda would give them on AWS. */
export interface HandlerEnvInput {
  url: string;
  tableName: string;
  userPoolId: string;
  clientId: string;
  dynamoDbEndpoint: string;
  cognitoEndpoint: string;
  /** Their AWS credentials: the Cognito proxy takes privileged calls only signed with them. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Where the VAPID pair is kept (none: a new pair in memory). */
  dataDir?: string;
}

export function handlerEnv(input: HandlerEnvInput): Record<string, string> {
  return {
    SST_RESOURCE_App: JSON.stringify({ name: 'numbernest', stage: 'local' }),
    SST_RESOURCE_Table: JSON.stringify({ name: input.tableName }),
    SST_RESOURCE_UserPool: JSON.stringify({ id: input.userPoolId }),
    SST_RESOURCE_UserPoolClient: JSON.stringify({ id: input.clientId }),
    // The WebSocket API and its management endpoint, both served by the local gateway (gateway/websocket.ts).
    SST_RESOURCE_Realtime: JSON.stringify({ url: `${input.url.replace(/^http/, 'ws')}/_local/ws`, managementEndpoint: `${input.url}/_local/ws-management` }),
    AWS_ENDPOINT_URL_DYNAMODB: input.dynamoDbEndpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: input.cognitoEndpoint,
    // The app's own e-mail (SES v2) goes to the local mailbox.
    AWS_ENDPOINT_URL_SESV2: `${input.url}${sesPath}`,
    SST_RESOURCE_SupportMail: JSON.stringify({ sender: localMailSender }),
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: input.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: input.credentials.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    IMAGE_BASE_URL: '/images',
    WEB_ORIGINS: input.url,
    // Where browsers return to and providers post to (on AWS: the Router's and the API's URLs).
    SITE_URL: input.url,
    API_URL: input.url,
    ...paymentResourceEnv(input.url),
    ...smsResourceEnv(input.url),
    // Signs forwarded e-mails' unsubscribe links; `SST_RESOURCE_UnsubscribeSecret='{"value":"…"}' npm start` sets another.
    SST_RESOURCE_UnsubscribeSecret: process.env.SST_RESOURCE_UnsubscribeSecret ?? JSON.stringify({ value: 'local-unsubscribe-secret' }),
    ...whatsappResourceEnv(input.url),
    ...telegramResourceEnv(input.url),
    ...messengerResourceEnv(input.url),
    ...pushResourceEnv(input.dataDir),
  };
}

/** What core needs to reach one table on a DynamoDB Local by itself (a script, a bench: no cloud around it). */
export function tableOnlyEnv(tableName: string, dynamoDbEndpoint: string): Record<string, string> {
  return {
    SST_RESOURCE_Table: JSON.stringify({ name: tableName }),
    AWS_ENDPOINT_URL_DYNAMODB: dynamoDbEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}

/** Handlers run in this process, so the variables go on process.env (before the first import). */
export function applyEnv(env: Record<string, string>): void {
  Object.assign(process.env, env);
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
}
