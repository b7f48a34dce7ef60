import { overviewHours, type OverviewReply, overviewQuerySchema } from '@numbernest/contracts/ops';
import { openItems, overviewFigures } from '@numbernest/core/stats';
import { opsHandler } from '../../lib/ops';

// wired at merge: the owners of these lists export countTopUpsInReview (payment), countOrphanMessages (message)
// and countUnansweredContactMessages (content); until then each counts 0.
const openItemCounts = {
  topUpsInReview: async () => 0,
  orphanMessages: async () => 0,
  unansweredContactMessages: async () => 0,
};

/** GET /api/ops/overview?days=30 -> the console's home: today, the last days and 48 hours, from counters kept as events happen. */
export const handler = opsHandler({ query: overviewQuerySchema }, async ({ query }): Promise<OverviewReply> => {
  const [figures, open] = await Promise.all([overviewFigures(query.days ?? 30, overviewHours), openItems(openItemCounts)]);
  return { data: { ...figures, open_items: open } };
});
