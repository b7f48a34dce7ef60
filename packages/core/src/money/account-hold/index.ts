export type { HoldEvent, HoldItem, HoldDecision, HoldDecisionItem, HoldDecisionKind } from './items';
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
