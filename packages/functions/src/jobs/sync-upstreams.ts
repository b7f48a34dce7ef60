import { syncUpstreams } from '@numbernest/core/supply';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): every active upstream's prices and balance, its offers into the catalogue. */
export const handler = loggedInvocation(
  'jobs/sync-upstreams',
  async () => {
    const outcomes = await syncUpstreams();
    return { synced: outcomes.filter((o) => o.ok).length, failed: outcomes.filter((o) => !o.ok).length, stock: outcomes.reduce((sum, o) => sum + o.total, 0) };
  },
  { result: (report) => ({ ...report }), idle: nothingCounted },
);
