import type { Cents } from '../../shared/pricing';

/** Why an account was put on hold: one card payment taken back. */
export interface HoldEvent {
  kind: 'chargeback' | 'card-refund';
  /** The provider's id of the dispute, or of the charge refunded. */
  reference: string;
  topUpId: string;
  provider: string;
  amountCents: Cents;
  at: string;
  /** The dispute's reason as the provider gives it. */
  reason?: string;
}

export type HoldDecisionKind = 'release' | 'keep';

export interface HoldDecision {
  /** The operator's e-mail (a name, for decisions made on the command line before the console). */
  operator: string;
  /** The operator's sub (`cli:<name>` on the command line); absent on older decisions. */
  operatorSub?: string;
  reason: string;
  decision: HoldDecisionKind;
  at: string;
}

/** An open hold: pk ACCOUNT_HOLD, sk USER#<sub>. */
export interface HoldItem {
  sub: string;
  email: string;
  since: string;
  events: HoldEvent[];
  /** Decisions to keep the hold (a release deletes the item and keeps the decision on the user). */
  decisions?: HoldDecision[];
}

/** A decision as kept on the user (pk USER#<sub>, sk HOLD_DECISION#<id>), with the hold it was about. */
export interface HoldDecisionItem extends HoldDecision {
  id: string;
  sub: string;
  hold: HoldItem;
}
