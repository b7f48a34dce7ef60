import { runAgentRounds } from '@numbernest/core/supply';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): four rounds of partners' agents' polls and finishes, 15 s apart. */
export const handler = loggedInvocation('jobs/poll-agents', () => runAgentRounds(), { result: (report) => ({ ...report }), idle: nothingCounted });
