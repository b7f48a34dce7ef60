import type { OpsPartnersReply } from '@numbernest/contracts';
import { listPartnersWithAgents } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/partners -> every partner, oldest first, with how many agents each has. */
export const handler = opsHandler({}, async (): Promise<OpsPartnersReply> => ({ data: await listPartnersWithAgents() }));
