import type { RecountActiveRentalsReply } from '@numbernest/contracts/ops';
import { recountActiveRentals } from '@numbernest/core/operations';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/overview/active-rentals/recount -> the active-rentals gauge set from the rentals themselves (audited). */
export const handler = opsHandler({}, async ({ operator }): Promise<RecountActiveRentalsReply> => ({ data: await recountActiveRentals(operator) }));
