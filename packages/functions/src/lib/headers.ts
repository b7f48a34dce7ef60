import type middy from '@middy/core';

/**
 * Header names in lower case (API Gateway's HTTP API already sends them so; the local gateway and
 * tests may not), with `defaults` for the headers a request left out. Written here rather than
 * @middy/http-header-normalizer: that one ships a table for canonical casing, which we never use, in
 * every Lambda.
 */
export const lowerCaseHeaders = (defaults: Record<string, string> = {}): middy.MiddlewareObj<{ headers?: Record<string, string | undefined> }> => ({
  before: async ({ event }) => {
    const headers: Record<string, string | undefined> = { ...defaults };
    for (const [name, value] of Object.entries(event.headers ?? {})) headers[name.toLowerCase()] = value;
    event.headers = headers;
  },
});
