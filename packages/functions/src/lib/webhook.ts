import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { log } from './log';
import { json } from './reply';
import { requestLog, withRequestFields } from './request-log';
import { utf8Text } from './utf8';

/** What an outside party sent, exactly: signatures are over these bytes, so nothing is parsed first. */
export interface WebhookRequest {
  /** The body as sent (API Gateway base64-encodes form posts; decoded here, and refused with a 400 when not UTF-8). */
  body: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  query: Record<string, string>;
  event: APIGatewayProxyEventV2;
}

export interface WebhookReply {
  statusCode: number;
  contentType: string;
  body: string;
}

/**
 * Which provider's webhook a request is (`stripe`, `sms/twilio`, ...: its path under
 * /api/webhooks/), on its request line: the alarms count refused notifications per provider.
 */
const providerField = (event: APIGatewayProxyEventV2) => {
  const provider = /^\/api\/webhooks\/(.+)$/.exec(event.rawPath ?? '')?.[1];
  return provider ? { provider } : {};
};

/**
 * The middy stack of public webhooks (payment providers, SMS upstreams) and the developer API: headers
 * normalised, the raw body handed over as its text (bytes that are not UTF-8 are a 400, never read with
 * U+FFFD in their place), the reply in the caller's own format. No CORS (browsers never call these) and
 * no JSON parsing. An unexpected failure is a 500, which makes
 * the provider retry. One log line per request (`requestLog`); never the body or the query, which
 * hold signatures, SMS texts and API keys.
 */
export function webhookHandler(run: (request: WebhookRequest) => Promise<WebhookReply>) {
  const respond = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const body = event.body && event.isBase64Encoded ? utf8Text(event.body) : (event.body ?? '');
    if (body === undefined) return json(400, { message: 'The body is not UTF-8', code: 'MALFORMED_JSON' });
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value ?? '']));
    try {
      const reply = await run({ body, headers, query: { ...(event.queryStringParameters as Record<string, string> | undefined) }, event });
      return { statusCode: reply.statusCode, headers: { 'Content-Type': reply.contentType }, body: reply.body };
    } catch (error) {
      // The request's fields are on the line already (withRequestFields below).
      log.error('Unhandled error in webhook', { ...providerField(event), error: error instanceof Error ? error : String(error) });
      return json(500, { message: 'Internal server error' });
    }
  };
  return stack(respond);
}

/** A webhook's body in bytes (an agent's gzipped PUSH_SMS), as sent. */
export interface BytesWebhookRequest extends Omit<WebhookRequest, 'body'> {
  body: Buffer;
}

export interface BytesWebhookReply {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** webhookHandler for a body and a reply in bytes (compressed, or in no known text encoding): the same stack otherwise. */
export function bytesWebhookHandler(run: (request: BytesWebhookRequest) => Promise<BytesWebhookReply>) {
  return stack(async (event) => {
    const body = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value ?? '']));
    try {
      const reply = await run({ body, headers, query: { ...(event.queryStringParameters as Record<string, string> | undefined) }, event });
      return { statusCode: reply.statusCode, headers: reply.headers, body: reply.body.toString('base64'), isBase64Encoded: true };
    } catch (error) {
      log.error('Unhandled error in webhook', { path: event.rawPath, error: error instanceof Error ? error : String(error) });
      return json(500, { message: 'Internal server error' });
    }
  });
}

/** One request log line and the request's fields on every line, around a webhook's answer. */
function stack(respond: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>) {
  const handle = (event: APIGatewayProxyEventV2, context: Context) => withRequestFields(event, context, () => respond(event));
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(handle).use(requestLog(providerField));
}
