import type { SourceRulesReply } from '@numbernest/contracts';
import { sourceRulesView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/source-rules -> every rule pinning or excluding sources per country and service, and the sources a rule may name. */
export const handler = opsHandler({}, async (): Promise<SourceRulesReply> => ({ data: await sourceRulesView() }));
