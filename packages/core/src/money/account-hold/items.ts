import type * as z from 'zod/mini';
import type { holdDecisionItem, holdDecisionSchema, openHoldItem } from '../../shared/db/items/money';

/** An open hold (the item: shared/db/items/money.ts). */
export type HoldItem = z.infer<typeof openHoldItem.schema>;

/** Why an account was put on hold: one card payment taken back. */
export type HoldEvent = HoldItem['events'][number];

export type HoldDecision = z.infer<typeof holdDecisionSchema>;

export type HoldDecisionKind = HoldDecision['decision'];

/** A decision as kept on the user, with the hold it was about (the item: shared/db/items/money.ts). */
export type HoldDecisionItem = z.infer<typeof holdDecisionItem.schema>;
