import { handleFiveSimRequest } from '@numbernest/core/developer';
import { webhookHandler } from './lib/webhook';

/**
 * /v1/…: the 5sim-compatible API (public routes: a user route's `Authorization: Bearer <API key>` is
 * checked by core, never by the JWT authorizer). Answers are 5sim's: JSON, or a refusal in its words
 * as plain text with its HTTP status. The key is never logged (the webhook stack logs only the path).
 */
export const handler = webhookHandler(async ({ body, headers, query, event }) => {
  const answer = await handleFiveSimRequest({
    route: event.routeKey,
    path: { ...event.pathParameters },
    query,
    body,
    authorization: headers.authorization,
    ...(headers['idempotency-key'] ? { idempotencyKey: headers['idempotency-key'] } : {}),
    address: event.requestContext.http.sourceIp,
  });
  return 'json' in answer
    ? { statusCode: answer.status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(answer.json) }
    : { statusCode: answer.status, contentType: 'text/plain; charset=utf-8', body: answer.text };
});
