import type { Context } from 'aws-lambda';
import { log, withLogFields, type LogFields } from './log';

export interface InvocationLog<E, R> {
  /** The event's fields on every line of the invocation (ids, never contents or tokens). */
  fields?: (event: E) => LogFields;
  /** The result's fields on the closing line (a job's counts, a socket route's status). */
  result?: (result: R) => LogFields;
  /** A run that did nothing closes at debug level: jobs tick every minute. */
  idle?: (result: R) => boolean;
}

/**
 * The entry points that are not HTTP routes (jobs, the queue subscriber, socket routes, the
 * Cognito trigger) log through the same logger: one closing line per invocation with the
 * function's name, Lambda's request id, the outcome and the latency; an error is logged and
 * rethrown, so Lambda counts it (and retries where the source does).
 */
export function loggedInvocation<E, R>(name: string, run: (event: E, context?: Context) => Promise<R>, describe: InvocationLog<E, R> = {}) {
  return (event: E, context?: Context): Promise<R> =>
    withLogFields({ function: name, awsRequestId: context?.awsRequestId, ...describe.fields?.(event) }, async () => {
      const started = Date.now();
      try {
        const result = await run(event, context);
        const level = describe.idle?.(result) ? 'debug' : 'info';
        log[level]('invocation', { ...describe.result?.(result), outcome: 'ok', latencyMs: Date.now() - started });
        return result;
      } catch (error) {
        log.error('invocation', { outcome: 'error', latencyMs: Date.now() - started, error: error instanceof Error ? error : String(error) });
        throw error;
      }
    });
}

/** A job's report is counts: it did nothing when they are all zero. */
export const nothingCounted = (report: object) => Object.values(report).every((value) => typeof value !== 'number' || value === 0);
