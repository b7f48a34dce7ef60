import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import { opsCatalogue } from '@numbernest/core/catalogue';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/catalogue -> every country (disabled too), service and Private offer, and the public cache's lifetime. */
export const handler = opsHandler({}, async (): Promise<OpsCatalogueReply> => ({ data: await opsCatalogue() }));
