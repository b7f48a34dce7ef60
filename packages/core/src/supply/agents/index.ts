/**
 * Partners' SIM banks over the SMSHub agent protocol (`@numbernest/core/supply`): the messages and
 * their schemas, the lossless JSON codec, the client that calls an agent, and PUSH_SMS's reading.
 */
export {
  activationFinish,
  agentReplySchemas,
  describeWireValue,
  finishActivationReplySchema,
  finishActivationRequestSchema,
  getNumberReplySchema,
  getNumberRequestSchema,
  getServicesReplySchema,
  getServicesRequestSchema,
  isAgentSumText,
  isUlongText,
  maxUlong,
  pushSmsReplySchema,
  pushSmsRequestSchema,
  roubles,
  usDollars,
  type ActivationFinish,
  type AgentAction,
  type AgentCountry,
  type AgentCurrency,
  type AgentErrorReply,
  type AgentReply,
  type AgentRequest,
  type FinishActivationReply,
  type FinishActivationRequest,
  type GetNumberReply,
  type GetNumberRequest,
  type GetServicesReply,
  type GetServicesRequest,
  type OperatorMap,
  type PushSmsReply,
  type PushSmsRequest,
  type Ulong,
} from './protocol';
export { decodeAgentJson, encodeAgentJson, type AgentDecoded } from './codec';
export { agentSumFromCents, agentSumFromHundredthsOfCent, hundredthsOfCentFromAgentSum } from './sum';
export {
  agentUserAgent,
  callAgent,
  finishActivation,
  getNumber,
  getServices,
  maxAgentReplyBytes,
  type AgentCallFailure,
  type AgentCallMessage,
  type AgentCallOptions,
  type AgentCallResult,
  type AgentEndpoint,
} from './client';
export { acceptsGzip, decodeRequestBody, maxPushSmsBytes, parsePushSms, pushSmsReply, type ParsedPushSms } from './push-sms';
export { agentNumber, type AgentNumber } from './numbers';
export { pollAgent, pollAgentsOnce, pollDeadlineMs, runAgentRounds, stopAgentRounds, pollRounds, pollEveryMs, type PollOutcome } from './poll';
export { sendDueAgentFinishes } from './finish';
export { buyFromAgents, partnerShareCents, getNumberDeadlineMs, agentPurchaseBudgetMs, overReportingMs, type AgentPurchase } from './buy';
export { isoOfProtocolCountry, protocolCountryOfIso, protocolCountryNames } from './protocol-countries';
export { readStockReport, type StockReport } from './stock-report';
export {
  addAgent,
  agentState,
  blockAgent,
  checkAgentUrl,
  findAgent,
  findAgentByKey,
  generateAgentKey,
  grantPartnerAccount,
  hashAgentKey,
  listAgentsOfPartner,
  listAgentsWithPartners,
  listAllAgents,
  listPartnersWithAgents,
  partnerSummary,
  pauseAgent,
  removeAgent,
  renameAgent,
  resumeAgent,
  rotateAgentKey,
  setAgentUrl,
  toAgentView,
  unblockAgent,
  updateAgent,
  AgentKeyInUseError,
  AgentNotFoundError,
  TooManyAgentsError,
  type AgentActor,
  type AgentItem,
  type AgentUrlOptions,
} from './registry';
