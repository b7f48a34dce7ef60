import { handleProtocolRequest, type Params } from '@numbernest/core/developer';
import { webhookHandler } from './lib/webhook';

/**
 * GET|POST /stubs/handler_api.php: the SMS-Activate-compatible API (public route: the key is
 * checked by core, never by the JWT authorizer; wrong keys are limited per client address, API
 * Gateway's sourceIp). Parameters from the query string and/or a form body; every answer is HTTP
 * 200, plain text (exact, no newline) or JSON. The key is never logged (the webhook stack logs
 * only the path).
 */
export const handler = webhookHandler(async ({ body, headers, query, event }) => {
  const params: Params = { ...query };
  const type = headers['content-type'] ?? '';
  if (body && (type.includes('application/x-www-form-urlencoded') || !type.includes('json'))) {
    for (const [name, value] of new URLSearchParams(body)) params[name] ??= value;
  } else if (body && type.includes('json')) {
    try {
      for (const [name, value] of Object.entries(JSON.parse(body) as Record<string, unknown>)) params[name] ??= String(value);
    } catch {
      // not JSON after all: ignored, like any unknown input
    }
  }
  const answer = await handleProtocolRequest(params, event.requestContext.http.sourceIp);
  return answer.kind === 'text'
    ? { statusCode: 200, contentType: 'text/plain; charset=utf-8', body: answer.body }
    : { statusCode: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(answer.body) };
});
