import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildContext } from './gateway/event';
import { loadHandler } from './gateway/gateway';
import { describeError, readBody, sendJson } from './http';
import { isLoopback } from './net';

export interface LambdaEndpointOptions {
  /** Function name -> handler (`<file>.<export>` under packages/functions/src). */
  functions: Readonly<Record<string, string>>;
  /** Completes an event before the handler sees it (where an emulator sends less than AWS). */
  prepareEvent?: (event: unknown) => Promise<unknown>;
  log: (line: string) => void;
}

const invokePath = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;

/**
 * Lambda's Invoke API, for the local emulators (cognito-local's triggers): the named function's
 * handler runs in this process, as the gateway's do. Replies as Lambda does: 200 with the result
 * as JSON, or 200 with `X-Amz-Function-Error: Unhandled` and `{ errorType, errorMessage }` when
 * the handler throws. Loopback callers only: it runs handlers with whatever event it is given.
 */
export function createLambdaEndpoint({ functions, prepareEvent, log }: LambdaEndpointOptions) {
  return async function invoke(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { message: 'The local Lambda endpoint answers loopback callers only' });
    const match = invokePath.exec(path);
    if (!match || req.method !== 'POST') return lambdaError(res, 404, 'ResourceNotFoundException', `No such Lambda API: ${req.method} ${path}`);
    const name = functionName(match[1]!);
    const spec = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!spec) return lambdaError(res, 404, 'ResourceNotFoundException', `Function not found: ${arnOf(name)}`);

    const body = (await readBody(req)).toString('utf8');
    let event: unknown;
    try {
      event = body.trim() ? JSON.parse(body) : {};
    } catch {
      return lambdaError(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
    }
    const type = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (type === 'DryRun') return void res.writeHead(204).end();
    const run = (async () => {
      const handler = await loadHandler<unknown>(spec);
      return handler(prepareEvent ? await prepareEvent(event) : event, buildContext(name, randomUUID()));
    })();
    if (type === 'Event') {
      run.catch((error: unknown) => log(`Lambda ${name} failed: ${describeError(error)}`));
      return void res.writeHead(202).end();
    }
    try {
      const result = await run;
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' }).end(JSON.stringify(result ?? null));
    } catch (error) {
      log(`Lambda ${name} failed: ${describeError(error)}`);
      const failure = error instanceof Error ? error : new Error(String(error));
      const body = JSON.stringify({ errorType: failure.name, errorMessage: failure.message, trace: failure.stack?.split('\n') ?? [] });
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST', 'x-amz-function-error': 'Unhandled' }).end(body);
    }
  };
}

/** A name, or an ARN / partial ARN with an optional qualifier, as Lambda accepts them. */
function functionName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // kept as sent: it will not be found
  }
  return name.replace(/^(arn:aws:lambda:[^:]*:)?(\d*:)?function:/, '').split(':')[0]!;
}

const arnOf = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;

/** Lambda's own errors: the type in a header (the SDKs read it), `{ message }` as everywhere here. */
function lambdaError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { Type: 'User', message }, { 'x-amzn-errortype': type });
}
