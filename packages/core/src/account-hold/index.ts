export type { HoldEvent, HoldItem, HoldDecision, HoldDecisionItem, HoldDecisionKind } from './items';
export { holdKeys } from './keys';
export { holdEventUpdate, listHolds, releaseHold, subOfEmail, type HoldView, type HoldDecisionInput } from './holds';
