/**
 * Test helpers: plain fetch against the local gateway that the integration global setup starts.
 * Importing this module also points the test process at the local cloud's DynamoDB, so tests can
 * read back what handlers stored through @numbernest/core (import core lazily, after this).
 */
import { errorReplySchema, type ErrorCode, type ErrorReply } from '@numbernest/contracts';
import { fetchFrom, useLocalCloudEnv, localCloud } from '@numbernest/local/testing';
import { expect } from 'vitest';

useLocalCloudEnv();

export const apiUrl = localCloud().apiUrl;

/**
 * Resolves once the local cloud's webhook and forwarding queue has no job running (jobs it queued
 * while answering earlier requests included): then "nothing more was sent" is a fact, not a wait.
 */
export const cloudQueueIdle = () => controlCloud('/_local/webhook-queue/idle');

/**
 * Every cached catalogue entry past its time (the handlers' cache keeps its production lifetime in
 * tests): a test that changes the catalogue and then reads it publicly expires it, not waits it out.
 */
export const expireCatalogueCache = () => controlCloud('/_local/catalogue-cache/expire');

/** A POST to one of the local cloud's controls, answered 200 once done. */
async function controlCloud(path: string): Promise<void> {
  const reply = await fetch(`${apiUrl}${path}`, { method: 'POST' });
  expect(reply.status, await reply.text()).toBe(200);
}

export interface ApiReply {
  status: number;
  headers: Headers;
  json: unknown;
}

/**
 * One request to /api (from the loopback address `from`, testing.ts fetchFrom, when another client is
 * meant); the reply's body parsed as JSON when it is JSON.
 */
export async function send(method: string, path: string, init: { body?: string; headers?: Record<string, string>; from?: string } = {}): Promise<ApiReply> {
  const response = await (init.from ? fetchFrom(init.from) : fetch)(`${apiUrl}/api${path}`, { method, headers: init.headers, body: init.body });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // left as text: the assertions will say so
  }
  return { status: response.status, headers: response.headers, json };
}

export const get = (path: string, headers?: Record<string, string>) => send('GET', path, { headers });

/** POST a value as JSON (or `raw` text as is, e.g. malformed JSON). */
export const post = (path: string, body: unknown, options: { raw?: boolean; contentType?: string | null } = {}) =>
  send('POST', path, {
    body: options.raw ? (body as string) : JSON.stringify(body),
    headers: options.contentType === null ? {} : { 'content-type': options.contentType ?? 'application/json' },
  });

/** Asserts an error reply: the status, the `{ message, code, params?, errors?, fields? }` shape (and the code, if given), and returns it. */
export function expectError(reply: ApiReply, status: number, code?: ErrorCode): ErrorReply {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  const error = errorReplySchema.parse(reply.json);
  if (code) expect(error.code, error.message).toBe(code);
  return error;
}

/** Asserts a 400 whose field errors name exactly these fields, each with a code per English sentence. */
export function expectFieldErrors(reply: ApiReply, fields: string[]): ErrorReply {
  const error = expectError(reply, 400, 'VALIDATION_FAILED');
  expect(error.message).toBe('Invalid request');
  expect(Object.keys(error.errors ?? {}).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(error.fields?.[field]?.length, field).toBe(error.errors?.[field]?.length);
  return error;
}

/** Asserts a refusal by API Gateway itself (no route, no token): `{ message }` only, no code. */
export function expectGatewayError(reply: ApiReply, status: number): void {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  expect(reply.json).toEqual({ message: expect.any(String) });
}

/** Reads until `done` says yes or `ms` pass (the last value either way): for what the local cloud does a moment later. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
