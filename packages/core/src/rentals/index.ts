export type { RentalItem, NumberLockItem, RentalEnd } from './items';
export { rentalKeys, rentalQueue, reuseAfterMs } from './keys';
export { purchaseRental, type PurchaseInput } from './purchase';
export { findRental, getRentalOf } from './find';
export { closeRental } from './close';
export { reportRental } from './report';
export { finishActivationOf, requestAnotherCodeOf } from './activations';
export { extendRental } from './extend';
export { endRental, type EndRequest, type EndResult } from './end';
export { purchaseLimits, refundedCloseLimits, reportsAllowed } from './rules';
export { runRentalJob, type RentalJobReport } from './job';
export { listRentals } from './list';
export { toRental } from './shape';
export { nextDue, dueReminder } from './schedule';
export { findActivation, type ActivationItem } from './activation-ids';
export { findRent, type RentIdItem } from './rent-ids';
export { backfillRentalIds, type RentalIdItem } from './rental-ids';
export { getStanding, standingKey } from './standing-store';
export { findActivationWithRental, finishActivation, listActiveActivations, requestAnotherCode } from './activations';
export type { FoundActivation } from './activations';
export { extensionPrice } from './extend';
export { closeRentalForCustomer, refundRentalForCustomer, refundableCents } from './operator';
export type { RefundInput } from './operator';
export { findPurchaseOfKey } from './purchase';
export { allocateRentId } from './rent-ids';
export { EarlyCancelError, closeDecision, extendableAt, sendsSms } from './rules';
export { heldAttribute } from './standing';
export type { StandingCounters } from './standing';
export { sliceShareRefused } from './standing-allowance';
export { deliveredCount } from './standing-store';
export { countMessagePart } from './message-counts';
export { countSendPart, uncountSendPart } from './send-counts';
export {
  dueAgentFinishes,
  findAgentFinish,
  recordAgentFinishTry,
  finishStatusOf,
  agentFinishQueue,
  type AgentSale,
  type AgentFinish,
  type FinishStatus,
} from './agent-sales';
export { listAgentActivations, agentActivationsPageSize, type AgentActivationItem } from './agent-activations';
export { deliverySourceOf, sourceCostOf } from './source';
export {
  upstreamAccountSub,
  queueUnsoldUpstreamNumber,
  liveUpstreamActivations,
  dueUpstreamEnds,
  findUpstreamEnd,
  recordUpstreamEndTry,
  upstreamEndTryPart,
  markUpstreamAnotherAsked,
  upstreamRefund,
  upstreamEndQueue,
  type UpstreamSale,
  type UpstreamEndItem,
  type UpstreamEndOutcome,
  type UpstreamActivationItem,
} from './upstream-sales';
