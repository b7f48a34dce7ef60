import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * The SIM bank's own reading and writing of the SMSHub agent protocol, as a partner would write it:
 * no platform code. JSON numbers keep their digits (lossless-json): ids are decimal strings here and
 * bare JSON numbers on the wire.
 */

/** gzip, awaited. */
export const gzipBytes = promisify(gzip);
/** gunzip, awaited. */
export const gunzipBytes = promisify(gunzip);

/** True when bytes start with gzip's magic number. */
export const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A body as text: gunzipped when its header says gzip or it starts with gzip's magic number. */
export async function bodyText(bytes: Buffer, contentEncoding: string | undefined): Promise<string> {
  const zipped = contentEncoding?.toLowerCase() === 'gzip' || isGzip(bytes);
  return (zipped ? await gunzipBytes(bytes, { maxOutputLength: 1024 * 1024 }) : bytes).toString('utf8');
}

/** A parsed body, every number still its text (a LosslessNumber); undefined when it is no JSON object. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON number's digits (undefined for anything else: a number sent as a string is not one). */
export const numberText = (value: unknown) => (isLosslessNumber(value) ? value.value : undefined);

/** A Ulong given as a JSON number: its decimal string. */
export const ulongText = (value: unknown) => {
  const text = numberText(value);
  return text !== undefined && /^(0|[1-9]\d{0,18})$/.test(text) && (text.length < 19 || text <= '9223372036854775807') ? text : undefined;
};

/** A decimal string written as a bare JSON number. */
export const bare = (digits: string) => new LosslessNumber(digits);

/** JSON text of a value (LosslessNumbers as bare numbers). */
export const writeJson = (value: unknown) => stringify(value) ?? 'null';

/** True when an Accept-Encoding header lists gzip (or `*`) without q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return (name.trim() === 'gzip' || name.trim() === '*') && (q === undefined || Number(q) > 0);
  });
}

/** One gzipped JSON POST; the answer's status and text (gunzipped when it came so). */
export function postGzippedJson(
  url: string,
  json: string,
  options: { userAgent: string; timeoutMs: number; signal: AbortSignal },
): Promise<{ status: number; text: string }> {
  return gzipBytes(Buffer.from(json, 'utf8')).then(
    (body) =>
      new Promise((resolve, reject) => {
        const target = new URL(url);
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(
          target,
          {
            method: 'POST',
            signal: options.signal,
            timeout: options.timeoutMs,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'content-encoding': 'gzip',
              'accept-encoding': 'gzip',
              'user-agent': options.userAgent,
              'content-length': body.length,
            },
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              bodyText(Buffer.concat(chunks), res.headers['content-encoding']).then((text) => resolve({ status: res.statusCode ?? 0, text }), reject);
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
        req.on('error', reject);
        req.end(body);
      }),
  );
}
