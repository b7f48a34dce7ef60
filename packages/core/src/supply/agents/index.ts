/**
 * Partners' SIM banks over the SMSHub agent protocol, as supply's door exports them: the registry of
 * agents, their polling into the catalogue's stock, purchases through them and telling them how
 * activations ended. The protocol's own code (messages, codec, client) is the kernel's
 * `shared/agent-protocol`, and the purchase's body (agent-purchase.ts) is loaded only when some
 * agent has stock: neither is reachable from here, so neither is on any Lambda's cold start.
 */
export { agentNumber, type AgentNumber } from './numbers';
export { pollAgent, pollAgentsOnce, pollDeadlineMs, runAgentRounds, stopAgentRounds, pollRounds, pollEveryMs, type PollOutcome } from './poll';
export { sendDueAgentFinishes } from './finish';
export { agentOffersFor, type AgentPurchase, type AgentOffer, type LiveAgentOffer } from './buy';
export { buyFromAgentOffer, getNumberDeadlineMs } from './agent-purchase';
export { partnerShare, partnerShareCents, readPartnerShare, sharePercentFor, forgetPartnerShare, type PartnerShare, type ShareRule } from './share';
export { setPartnerShare, removePartnerShareRule, partnerShareView } from './share-edits';
export { agentActivations, agentStockBreakdown } from './activity';
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
  toOpsAgentView,
  unblockAgent,
  updateAgent,
  AgentKeyInUseError,
  AgentNotFoundError,
  TooManyAgentsError,
  type AgentActor,
  type AgentItem,
  type AgentUrlOptions,
} from './registry';
