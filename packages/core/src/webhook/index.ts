export * from './webhooks';
export { checkWebhookUrl, webhookUrlProblem, isInternalAddress, pinnedAgent, type CheckedAddress, type Resolver } from './ssrf';
