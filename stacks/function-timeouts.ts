/**
 * Lambda timeouts, in one pure module (no SST globals) so a unit test reads them next to the
 * waits they must outlast (stacks/function-timeouts.test.ts).
 */

/** Every function's, unless it is named below (stacks/function-defaults.ts applies it). */
export const defaultFunctionTimeoutSeconds = 10;

/** API Gateway HTTP APIs give an integration at most 30 s (a hard limit): a route's Lambda must end before. */
export const httpApiIntegrationTimeoutSeconds = 30;

/**
 * Routes that need longer than the default. Start Chat waits on Twilio: the debit, the send (up to
 * `twilioTimeoutMs`), and when that got no answer, one lookup page (`twilioLookupTimeoutMs`) to learn
 * whether it went before refunding. A Lambda killed in between leaves the record `sending` (then the
 * rental job settles it), so the timeout must outlast those waits.
 */
export const routeTimeoutSeconds: Readonly<Record<string, number>> = {
  'messages/send.handler': 25,
};

/** The scheduled jobs' (stacks/jobs.ts): each run finishes well inside its one-minute rate. */
export const jobTimeoutSeconds = 60;

/** A route handler's timeout in SST's words. */
export const routeTimeout = (handler: string): `${number} seconds` => `${routeTimeoutSeconds[handler] ?? defaultFunctionTimeoutSeconds} seconds`;
