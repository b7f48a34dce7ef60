import { gunzipSync, gzipSync } from 'node:zlib';
import { decodeAgentJson, encodeAgentJson } from './codec';
import { pushSmsRequestSchema, type PushSmsReply } from './protocol';

/**
 * The platform's side of PUSH_SMS: an agent posts each SMS its SIMs receive to our route, gzipped
 * or plain, and sends it again every 10 seconds until we answer SUCCESS. These helpers read such a
 * body and write our answer; what is done with the SMS (and with a repeat of one) is the route's.
 */

/** A PUSH_SMS body (gunzipped) larger than this is refused: an SMS is a few hundred bytes. */
export const maxPushSmsBytes = 256 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A request body as text: gunzipped when `Content-Encoding` says gzip or the bytes start with gzip's
 * magic number (agents do not all send the header), then read as UTF-8 (bytes that are not are refused).
 * Pass a gzipped body as bytes (API Gateway's base64 decoded); a string is taken as the text itself
 * unless it is gzip, then as a binary string.
 */
export function decodeRequestBody(body: Buffer | string, contentEncoding?: string): { ok: true; text: string } | { ok: false; reason: string } {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const saysGzip = contentEncoding?.trim().toLowerCase() === 'gzip';
  const looksGzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (typeof body === 'string' && !saysGzip && !looksGzip) return { ok: true, text: body };
  let plain = bytes;
  if (saysGzip || looksGzip) {
    try {
      plain = gunzipSync(bytes, { maxOutputLength: maxPushSmsBytes });
    } catch (error) {
      return {
        ok: false,
        reason: `The body is not valid gzip (or is over ${maxPushSmsBytes} bytes): ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  try {
    return { ok: true, text: strictUtf8.decode(plain) };
  } catch {
    return { ok: false, reason: 'The body is not UTF-8' };
  }
}

/** A PUSH_SMS read: the agent's key (to find the agent by), the SMS's ids as decimal strings, its sender and text. */
export type ParsedPushSms = { ok: true; key: string; smsId: string; phone: string; phoneFrom: string; text: string } | { ok: false; reason: string };

/** Reads an agent's PUSH_SMS body (already decoded by decodeRequestBody); a field of the wrong type is refused with the reason. */
export function parsePushSms(rawBody: string): ParsedPushSms {
  const decoded = decodeAgentJson(rawBody, pushSmsRequestSchema);
  if (!decoded.ok) return { ok: false, reason: `PUSH_SMS breaks the protocol: ${decoded.reason}` };
  const { key, smsId, phone, phoneFrom, text } = decoded.value;
  return { ok: true, key, smsId, phone, phoneFrom, text };
}

/** True when an `Accept-Encoding` header lets us answer gzipped (`gzip` or `*`, not with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return gzip !== undefined && gzip > 0;
}

/** Our answer to a PUSH_SMS: its JSON text, and the bytes and headers to send (gzipped when the agent accepts gzip). */
export function pushSmsReply(
  status: PushSmsReply['status'],
  error?: string,
  acceptEncoding?: string,
): { text: string; gzip: boolean; body: Buffer; headers: Record<string, string> } {
  const text = encodeAgentJson(status === 'ERROR' ? { status, error: error ?? 'Refused' } : { status });
  const gzip = acceptsGzip(acceptEncoding);
  const body = gzip ? gzipSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8');
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    vary: 'Accept-Encoding',
  };
  return { text, gzip, body, headers };
}
