import { AsyncLocalStorage } from 'node:async_hooks';
import { logLevel } from '../settings';

/**
 * THE logger of every function (HTTP stack, webhooks, jobs, sockets; packages/functions/src/lib
 * sets the per-request fields) and of the domain's own lines: one JSON object per line,
 * written straight to stdout/stderr. Not through console.*: Lambda's text log format prefixes
 * console lines with a timestamp and request id, and CloudWatch metric filters (stacks/alarms.ts)
 * only read lines that are JSON from their first byte.
 *
 * Fields of the invocation (request id, route, user sub) are kept per async context, so every line
 * written while handling a request carries them. Values that could be credentials or message
 * contents never go out whole: see `redact`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

const rank: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** At or above the setting's level (read per line, so a test may change it). */
function enabled(level: LogLevel): boolean {
  const wanted = logLevel() as LogLevel | 'silent';
  return rank[level] >= (rank[wanted] ?? rank.info);
}

/** Keys whose values are secrets or contents: kept as a short prefix and their length only. */
const sensitiveKey = /authorization|token|password|secret|api_?key|apikey|signature|card|cvc|pan|body|text|sms/i;
/** A JWT anywhere in a string value (three base64url parts, the header starting `eyJ`). */
const jwtPattern = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;

const masked = (value: string) => (value.length <= 4 ? '…' : `${value.slice(0, 4)}…(${value.length})`);

/** A copy of `value` safe to write: sensitive keys masked, JWTs cut, errors flattened. */
export function redact(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value;
  if (key && sensitiveKey.test(key) && typeof value !== 'boolean' && typeof value !== 'number') return masked(String(value));
  if (typeof value === 'string') return value.replace(jwtPattern, (jwt) => masked(jwt));
  if (value instanceof Error) return { name: value.name, message: redact(value.message), stack: value.stack?.replace(jwtPattern, (jwt) => masked(jwt)) };
  if (Array.isArray(value)) return value.map((item) => redact(item));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  return value;
}

const context = new AsyncLocalStorage<LogFields>();

/** Runs `work` with these fields on every line it logs (nested calls add to the outer fields). */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

/** Adds fields to the current invocation's lines (e.g. the user, once known). */
export function addLogFields(fields: LogFields): void {
  Object.assign(context.getStore() ?? {}, fields);
}

function write(level: LogLevel, message: string, fields: LogFields = {}): void {
  if (!enabled(level)) return;
  const line = JSON.stringify(redact({ level, time: new Date().toISOString(), message, ...context.getStore(), ...fields }));
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: LogFields) => write('debug', message, fields),
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  error: (message: string, fields?: LogFields) => write('error', message, fields),
};
