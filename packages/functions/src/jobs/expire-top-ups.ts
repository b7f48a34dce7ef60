import { expireDueTopUps } from '@numbernest/core/money';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled (stacks/jobs.ts; locally the local cloud's ticker): pending top-ups older than a day become expired. */
export const handler = loggedInvocation('jobs/expire-top-ups', async (): Promise<{ expired: number }> => ({ expired: await expireDueTopUps() }), {
  result: (report) => report,
  idle: nothingCounted,
});
