import { webhookRetryWindowMs } from './keys';

/** What one HTTP attempt came to: a status code when the receiver answered, an error unless it answered 2xx. */
export interface AttemptResult {
  statusCode?: number;
  error?: string;
}

/** What a delivery record becomes after an attempt. */
export type WebhookOutcome =
  | { status: 'delivered'; attempts: number; statusCode?: number }
  /** Tried again at `nextAttemptAt` (epoch ms). */
  | { status: 'pending'; attempts: number; statusCode?: number; lastError: string; nextAttemptAt: number }
  /** Given up: the next try would fall outside the retry window. */
  | { status: 'failed'; attempts: number; statusCode?: number; lastError: string };

/** What the owner sees when the connection itself failed: the socket's own words can describe our network. */
export const connectionFailedError = 'Could not connect to your endpoint';

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 hour. */
export const backoffMs = (attempts: number) => Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** The receiver answered: 2xx is delivered, anything else an error (redirects are not followed). */
export const responseResult = (statusCode: number): AttemptResult =>
  statusCode < 200 || statusCode > 299 ? { statusCode, error: `HTTP ${statusCode}` } : { statusCode };

/** Whether a request's failure was our timeout (headers, body, connect, or the abort signal's). */
export function isTimeout(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | undefined)?.code;
  return (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

/**
 * The record's next state after attempt number `delivery.attempts + 1` at `now`: delivered on
 * success; else due again after the backoff, or failed once that would pass 24 hours from the
 * delivery's creation. The error kept for the owner is cut to 300 characters.
 */
export function webhookOutcome(result: AttemptResult, delivery: { attempts: number; createdAt: string }, now: number): WebhookOutcome {
  const attempts = delivery.attempts + 1;
  const statusCode = result.statusCode === undefined ? {} : { statusCode: result.statusCode };
  if (!result.error) return { status: 'delivered', attempts, ...statusCode };
  const lastError = result.error.slice(0, 300);
  const next = now + backoffMs(attempts);
  if (next > Date.parse(delivery.createdAt) + webhookRetryWindowMs) return { status: 'failed', attempts, ...statusCode, lastError };
  return { status: 'pending', attempts, ...statusCode, lastError, nextAttemptAt: next };
}
