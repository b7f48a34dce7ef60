import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { linked } from '../../shared/settings';

/**
 * The WebSocket API's management endpoint (`POST` and `DELETE /@connections/{id}`): on AWS the SST link
 * `Resource.Realtime.managementEndpoint`; locally `SST_RESOURCE_Realtime` names the local
 * gateway's stand-in (packages/local/src/gateway/websocket.ts), which the same SDK client talks to.
 * Undefined where the realtime API is not linked (scripts, a function without the link).
 */
export function managementEndpoint(): string | undefined {
  return linked('Realtime')?.managementEndpoint;
}

let cached: { endpoint: string; client: ApiGatewayManagementApiClient } | undefined;

function client(endpoint: string): ApiGatewayManagementApiClient {
  if (cached?.endpoint !== endpoint) {
    cached?.client.destroy();
    // Few attempts: a push that cannot go out now is not worth holding up the caller for.
    cached = { endpoint, client: new ApiGatewayManagementApiClient({ endpoint, maxAttempts: 2 }) };
  }
  return cached.client;
}

/** A post that takes longer than this is given up (the caller's reply waits for it). */
const postTimeoutMs = 3_000;

/** Sends one text frame to a socket: 'gone' when API Gateway no longer knows the connection (410). */
export async function postToConnection(endpoint: string, connectionId: string, data: string): Promise<'sent' | 'gone'> {
  try {
    await client(endpoint).send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }), {
      abortSignal: AbortSignal.timeout(postTimeoutMs),
    });
    return 'sent';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}

/** Closes a socket from the server side (its $disconnect runs): 'gone' when API Gateway no longer knows it (410). */
export async function closeConnection(endpoint: string, connectionId: string): Promise<'closed' | 'gone'> {
  try {
    await client(endpoint).send(new DeleteConnectionCommand({ ConnectionId: connectionId }), { abortSignal: AbortSignal.timeout(postTimeoutMs) });
    return 'closed';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}

const isGone = (error: unknown) => error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;
