import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { json } from './reply';

/** What an outside party sent, exactly: signatures are over these bytes, so nothing is parsed first. */
export interface WebhookRequest {
  /** The body as sent (API Gateway base64-encodes form posts; decoded here). */
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
 * The middy stack of public webhooks (payment providers, SMS upstreams): headers normalised, the
 * raw body handed over untouched, the reply in the caller's own format. No CORS (browsers never
 * call these) and no JSON parsing. An unexpected failure is a 500, which makes the provider retry.
 */
export function webhookHandler(run: (request: WebhookRequest) => Promise<WebhookReply>) {
  const handle = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const body = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value ?? '']));
    try {
      const reply = await run({ body, headers, query: { ...(event.queryStringParameters as Record<string, string> | undefined) }, event });
      return { statusCode: reply.statusCode, headers: { 'Content-Type': reply.contentType }, body: reply.body };
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      console.error(JSON.stringify({ level: 'error', message: 'Unhandled error in webhook', path: event.rawPath, awsRequestId: context.awsRequestId, error: { name: err.name, message: err.message, stack: err.stack } }));
      return json(500, { message: 'Internal server error' });
    }
  };
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(handle).use(httpHeaderNormalizer({ canonical: false }));
}
