export { defaultHost, startLocalCloud, tableName, webRoot, type LocalCloud, type LocalCloudOptions } from './cloud';
export { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb';
export { ensureTable } from './table';
export { applyEnv, handlerEnv, tableOnlyEnv } from './env';
export { createAuthorizer, type Authorize, type AuthorizerOptions, type JwtAuthorizerContext } from './gateway/authorize';
export { loadHandler } from './gateway/gateway';
export { buildEvent, type GatewayEvent } from './gateway/event';
export { Mailbox, parseCodeDelivery, type Mail } from './mailbox';
export { PortInUseError, assertPortFree, freePort } from './net';
