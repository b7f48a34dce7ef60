/**
 * Upstream providers, as supply's door exports them: the registry (operators add, change, pause and
 * remove them), the money helpers that turn their prices into cents and back without floats, and the
 * operators' source rules (which sources may sell per country and service). The wire to the upstreams
 * themselves is the kernel's `shared/upstream-protocol`, not reachable from here.
 */
export { upstreamCostCents, upstreamMaxPrice, upstreamCostCeilingCents, upstreamValueCentsDown } from './money';
export { applySourceRules, sourceRuleFor, readSourceRules, sourceRules, forgetSourceRules, type SourceRuleEntry, type SourceRules } from './source-rules';
export { setSourceRule, sourceOptions, sourceRulesView } from './source-rule-edits';
export {
  addUpstream,
  findUpstream,
  findUpstreamByIdOrName,
  getUpstream,
  keyHint,
  listUpstreams,
  pauseUpstream,
  removeUpstream,
  resumeUpstream,
  toUpstreamView,
  updateUpstream,
  upstreamState,
  UpstreamNameTakenError,
  UpstreamNotFoundError,
  countUpstreamCode,
  type UpstreamItem,
  type UpstreamUrlOptions,
} from './registry';
export { syncUpstream, syncUpstreams, syncDeadlineMs, type SyncOutcome } from './sync';
export { upstreamOffersFor, buyFromUpstreamOffer, upstreamBuyDeadlineMs, type UpstreamOffer, type UpstreamSkipped } from './buy';
export { sendDueUpstreamEnds } from './end';
export { depositToUpstream, ensureUpstreamAccount, upstreamAccountCents } from './account';
