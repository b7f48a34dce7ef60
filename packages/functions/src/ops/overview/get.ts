import { overviewHours, type OverviewReply, overviewQuerySchema } from '@numbernest/contracts/ops';
import { countHolds, countTopUpsInReview } from '@numbernest/core/money';
import { countUnansweredContactMessages } from '@numbernest/core/content';
import { countOrphanMessages } from '@numbernest/core/messaging';
import { openItems, overviewFigures } from '@numbernest/core/stats';
import { opsHandler } from '../../lib/ops';

/** What waits for an operator: each list's owner counts it (a Query COUNT on its own partition). */
const openItemCounts = {
  topUpsInReview: countTopUpsInReview,
  orphanMessages: countOrphanMessages,
  unansweredContactMessages: countUnansweredContactMessages,
  accountsOnHold: countHolds,
};

/** GET /api/ops/overview?days=30 -> the console's home: today, the last days and 48 hours, from counters kept as events happen. */
export const handler = opsHandler({ query: overviewQuerySchema }, async ({ query }): Promise<OverviewReply> => {
  const [figures, open] = await Promise.all([overviewFigures(query.days ?? 30, overviewHours), openItems(openItemCounts)]);
  return { data: { ...figures, open_items: open } };
});
