import type { OpsHoldsReply } from '@numbernest/contracts/ops';
import { listHolds, toOpsHold } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/holds -> every account on hold after a card payment was taken back, oldest first. */
export const handler = opsHandler({}, async (): Promise<OpsHoldsReply> => ({ data: (await listHolds()).map(toOpsHold) }));
