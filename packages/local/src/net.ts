import type { IncomingMessage } from 'node:http';
import { createServer, isIPv4, type Server } from 'node:net';

/** The port is held by another process: the message is meant to be printed as is. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is in use — stop the other process or run PORT=${port + 1} npm start`);
  }
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

/** Throws PortInUseError when `port` is taken on `host` (checked before slow work such as a web build). */
export async function assertPortFree(port: number, host?: string): Promise<void> {
  const server = createServer();
  await listen(server, port, host);
  await new Promise((resolve) => server.close(resolve));
}

/** Listen on `port`, turning EADDRINUSE into a PortInUseError. */
export function listen(server: Server, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Retry `probe` until it resolves. Fails after `timeoutMs`, or at once when `failed()` names a
 * reason (the process being waited for has died).
 */
export async function waitFor<T>(what: string, probe: () => Promise<T>, options: { timeoutMs?: number; failed?: () => Error | undefined } = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = options.failed?.();
    if (failure) throw failure;
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} did not become ready in ${timeoutMs / 1000} s: ${String(error)}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

/** An IPv4-mapped IPv6 address (how a dual-stack server sees 127.0.0.1: `::ffff:127.0.0.1`) as plain IPv4. */
const unmapped = (address: string) => address.replace(/^::ffff:/i, '');

/** 127.0.0.0/8 or ::1, also IPv4-mapped. */
export function isLoopback(address: string | undefined): boolean {
  const ipv4 = address === undefined ? undefined : unmapped(address);
  return address === '::1' || (ipv4 !== undefined && isIPv4(ipv4) && ipv4.startsWith('127.'));
}

/**
 * API Gateway's `sourceIp`: the address that connected, never a header (X-Forwarded-For is anybody's
 * to send), so a per-address limit counts the client that sent the request. Undefined once the client
 * has gone (its socket no longer knows): read it as the request arrives.
 */
export function sourceIp(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  return address === undefined ? undefined : unmapped(address);
}
