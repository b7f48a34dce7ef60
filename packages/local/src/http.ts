import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorReply } from '@numbernest/contracts';

/** API Gateway HTTP API's payload quota (10 MB, not adjustable): a larger request body is refused with 413. */
export const maxBodyBytes = 10 * 1024 * 1024;

/** A request body past maxBodyBytes: answered with sendPayloadTooLarge. */
export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';
}

/** True when the request's Content-Length is over the limit: it is refused before a byte of the body is read. */
export const declaresTooLarge = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) > maxBodyBytes;

/**
 * The whole request body. Past maxBodyBytes (a chunked body says its size only by sending it) the
 * body is no longer read and PayloadTooLargeError rejects: the request must then be answered with
 * sendPayloadTooLarge, which closes the connection.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Listeners rather than `for await`: leaving that loop early destroys the socket, and the 413 with it.
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) return void chunks.push(chunk);
      stop();
      req.pause();
      reject(new PayloadTooLargeError(`The request body is over ${maxBodyBytes} bytes`));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => req.off('data', onData).off('end', onEnd).off('error', onError);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** The 413 of a body over maxBodyBytes; the connection closes, so what was not read of the body is not taken for a request. */
export function sendPayloadTooLarge(res: ServerResponse): void {
  sendJson(res, 413, { message: `The request body is over ${maxBodyBytes} bytes`, code: 'PAYLOAD_TOO_LARGE' } satisfies ErrorReply, { connection: 'close' });
}

/**
 * The request-target as a URL, or undefined when it is none a client sends to a server: origin-form
 * (`/path?query`) or absolute-form (`http://host/path`, as to a proxy). `*`, a target that does not
 * parse, and `//host/…` or `/\host/…` (which URL parsers, Vite's among them, read as another host)
 * are refused rather than guessed at.
 */
export function requestUrl(target: string | undefined): URL | undefined {
  if (!target) return undefined;
  try {
    if (/^\/(?![/\\])/.test(target)) return new URL(target, 'http://localhost');
    if (/^https?:\/\//i.test(target)) return new URL(target);
  } catch {
    // not a URL
  }
  return undefined;
}

/** The 400 of a request-target requestUrl refuses. */
export const malformedTarget: ErrorReply = { message: 'The request-target is not a URL path', code: 'MALFORMED_REQUEST' };

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A JSON answer written on a bare socket (an upgrade request, a request Node could not parse), which then closes. */
export function endSocketWithJson(socket: Duplex, status: number, body: ErrorReply): void {
  if (!socket.writable) return void socket.destroy();
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/** Node's parser errors and timeouts as Node answers them (400 unless named here), with a JSON body. */
const unreadable: Record<string, [status: number, reply: ErrorReply]> = {
  HPE_HEADER_OVERFLOW: [431, { message: 'The request line and headers are too large', code: 'HEADERS_TOO_LARGE' }],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, { message: 'The chunk extensions are too large', code: 'PAYLOAD_TOO_LARGE' }],
  ERR_HTTP_REQUEST_TIMEOUT: [408, { message: 'The request did not arrive in time', code: 'REQUEST_TIMEOUT' }],
};

/**
 * The server's 'clientError': a request Node could not parse (or that did not arrive in time) is
 * answered and logged, and the server goes on serving; a client that is gone is let go.
 */
export function refuseUnreadableRequest(error: NodeJS.ErrnoException, socket: Duplex, log: (line: string) => void): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  log(`Refused a request that could not be read: ${error.code ?? error.message}`);
  const [status, reply] = unreadable[error.code ?? ''] ?? [400, { message: 'The request could not be parsed', code: 'MALFORMED_REQUEST' }];
  endSocketWithJson(socket, status, reply);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-store' });
  res.end(html);
}

/** A failure as a log line says it: the stack when there is one. */
export const describeError = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
