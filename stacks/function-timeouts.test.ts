import { describe, expect, it } from 'vitest';
import {
  twilioLookupTimeoutMs,
  twilioTimeoutMs,
  unsentLookupPages,
  unsentRefundAfterMs,
  unsentSweepBudgetMs,
} from '../packages/core/src/messaging/time-limits';
import { routes } from '../packages/functions/src/routes';
import { defaultFunctionTimeoutSeconds, httpApiIntegrationTimeoutSeconds, jobTimeoutSeconds, routeTimeout, routeTimeoutSeconds } from './function-timeouts';

/** What the rest of a Start Chat request takes besides Twilio: checks, the debit transaction, the record's update or refund. */
const dynamoDbRoomMs = 5_000;
const seconds = (timeout: string) => Number(/^(\d+) seconds$/.exec(timeout)![1]) * 1000;

describe('Lambda timeouts', () => {
  it('the Start Chat route outlasts Twilio’s send and one lookup, and ends before API Gateway gives up', () => {
    const send = routes.find((route) => route.method === 'POST' && route.path === '/api/user/rentals/{id}/messages')!;
    expect(send.handler).toBe('messages/send.handler');
    const sendMs = seconds(routeTimeout(send.handler));
    expect(sendMs).toBeGreaterThanOrEqual(twilioTimeoutMs + twilioLookupTimeoutMs + dynamoDbRoomMs);
    expect(sendMs).toBeLessThan(httpApiIntegrationTimeoutSeconds * 1000);
    // A record is left to the rental job only once no request can still be running for it.
    expect(unsentRefundAfterMs).toBeGreaterThan(sendMs * 2);
  });

  it('every other route keeps the default, and every named one is a route', () => {
    for (const route of routes) {
      expect(seconds(routeTimeout(route.handler)), route.handler).toBe((routeTimeoutSeconds[route.handler] ?? defaultFunctionTimeoutSeconds) * 1000);
      expect(seconds(routeTimeout(route.handler)), route.handler).toBeLessThan(httpApiIntegrationTimeoutSeconds * 1000);
    }
    for (const handler of Object.keys(routeTimeoutSeconds)) expect(routes.map((r) => r.handler)).toContain(handler);
  });

  it('the rental job settles stuck Start Chat records inside its own timeout', () => {
    // It starts no record after the budget; the last one started may still read all its pages.
    expect(unsentSweepBudgetMs + unsentLookupPages * twilioLookupTimeoutMs + dynamoDbRoomMs).toBeLessThan(jobTimeoutSeconds * 1000);
  });
});
