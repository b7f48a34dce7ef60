export type { HoldEvent, HoldItem, HoldDecision, HoldDecisionItem, HoldDecisionKind } from './items';
export { holdKeys } from './keys';
export {
  countHolds,
  holdEventUpdate,
  listHolds,
  releaseHold,
  subOfEmail,
  toOpsHold,
  toOpsHoldDecisionReply,
  type HoldView,
  type HoldDecisionInput,
} from './holds';
