export * from './webhooks';
export { webhookUrlProblem, isInternalAddress, type Resolver } from './ssrf';
