import type { ErrorReply } from '@numbernest/contracts';
import { storageKeys } from './storage';

/** `{host}/api`: same origin locally, the API Gateway url on AWS. */
export const apiBase = `${import.meta.env.VITE_API_URL ?? ''}/api`;

/** An error reply as it may arrive: API Gateway's own refusals (401 without a token, 404) carry no code. */
export type ApiErrorBody = Omit<ErrorReply, 'code'> & { code?: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** A 429's Retry-After: seconds until the limit's window ends. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message);
  }
}

/** When a refused (429) request may be tried again (ISO), from its Retry-After. */
export const retryAt = (error: ApiError, now = Date.now()) => new Date(now + (error.retryAfterSeconds ?? 60) * 1000).toISOString();

/** Resolves true when the session was renewed (the request is then sent once more). */
type UnauthorizedHandler = () => Promise<boolean>;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The one place a 401 is handled: the auth feature registers its token refresh here. */
export function onUnauthorized(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

type RefusalHandler = (error: ApiError) => void;
let refusalHandler: RefusalHandler | null = null;

/**
 * Sees every refusal before its caller does (the request still fails as usual): the session keeper
 * registers here the sign-out of a blocked account (403 ACCOUNT_BLOCKED, from any route), so what it
 * looks for stays in its own chunk, loaded only while someone is signed in.
 */
export function onRefusal(handler: RefusalHandler | null): void {
  refusalHandler = handler;
}

/** `headers` are extra request headers, e.g. `Idempotency-Key` on money-moving POSTs. */
type ApiRequestInit = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

function send(path: string, init: ApiRequestInit, accept = 'application/json'): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...init.headers };
  const token = localStorage.getItem(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${apiBase}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/** Sends once more after a 401 when the session could be renewed. */
async function sendRenewing(path: string, init: ApiRequestInit, accept?: string): Promise<Response> {
  const response = await send(path, init, accept);
  if (response.status === 401 && localStorage.getItem(storageKeys.token) && unauthorizedHandler && (await unauthorizedHandler())) {
    return send(path, init, accept);
  }
  return response;
}

function errorOf(response: Response, json: unknown): ApiError {
  const body = (json && typeof json === 'object' && 'message' in json ? json : { message: response.statusText }) as ApiErrorBody;
  const retryAfter = Number(response.headers.get('retry-after'));
  const error = new ApiError(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  refusalHandler?.(error);
  return error;
}

/** JSON over fetch with the stored bearer token; 2xx is success, anything else throws ApiError. */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const response = await sendRenewing(path, init);
  const text = await response.text();
  const json = text ? safeParse(text) : null;
  if (!response.ok) throw errorOf(response, json);
  return json as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The SWR fetcher: the key is the path under /api. */
export const swrFetcher = <T>(path: string) => apiRequest<T>(path);
