/**
 * The SMSHub agent protocol (partners' SIM banks): the messages and their schemas, the lossless JSON
 * codec, the client that calls an agent, and PUSH_SMS's reading. A kernel module of its own, which
 * every caller imports lazily (`await import(...)`): lossless-json and the schemas are most of it, and
 * the API's Lambdas that can reach an agent purchase must not load them at cold start.
 */
export * from './protocol';
export { decodeAgentJson, encodeAgentJson, type AgentDecoded } from './codec';
export { agentSumFromCents, agentSumFromHundredthsOfCent, hundredthsOfCentFromAgentSum } from './sum';
export * from './client';
export * from './push-sms';
export * from './countries';
