import type * as z from 'zod/mini';
import type { disputeItem, topUpSchema } from '../../shared/db/items/money';

/** A top-up: pending from the moment the browser is sent to checkout until the provider's notification (the item: shared/db/items/money.ts). */
export type TopUpItem = z.infer<typeof topUpSchema>;

/** A dispute of a top-up's payment (the item: shared/db/items/money.ts). */
export type DisputeItem = z.infer<typeof disputeItem.schema>;
