import { runUpstreamRounds } from '@numbernest/core/messaging';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): twelve rounds, 5 s apart, of upstream activations' codes and ends. */
export const handler = loggedInvocation('jobs/poll-upstreams', () => runUpstreamRounds(), { result: (report) => ({ ...report }), idle: nothingCounted });
