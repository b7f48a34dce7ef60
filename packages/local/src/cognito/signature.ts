import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Why a request is not signed with the credentials, as AWS's JSON services answer it (400, `__type` and message). */
export type SignatureRefusal = { type: 'MissingAuthenticationTokenException' | 'UnrecognizedClientException' | 'InvalidSignatureException'; message: string };

const authorizationPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

/**
 * Checks a request's AWS Signature Version 4 (what an AWS SDK client adds with its credentials)
 * against `credentials`: undefined when it was signed with them. The canonical request is rebuilt
 * from what arrived (method, path, query, the headers it names as signed, the body's SHA-256), so
 * a request changed on the way, or signed with another secret, is refused.
 */
export function signatureRefusal(req: IncomingMessage, body: Buffer, credentials: Credentials): SignatureRefusal | undefined {
  const authorization = req.headers.authorization;
  const amzDate = req.headers['x-amz-date'];
  if (!authorization || typeof amzDate !== 'string') return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const parts = authorizationPattern.exec(authorization);
  if (!parts || parts[1] !== credentials.accessKeyId) {
    return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  }
  const [, , date, region, service, signedHeaders, signature] = parts as unknown as [string, string, string, string, string, string, string];
  const url = new URL(req.url ?? '/', 'http://local');
  const canonicalRequest = [
    req.method ?? 'GET',
    url.pathname
      .split('/')
      .map((segment) => escapeUri(decodeURIComponent(segment)))
      .join('/'),
    [...url.searchParams]
      .map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`)
      .sort()
      .join('&'),
    ...signedHeaders.split(';').map((name) => `${name}:${headerValue(req, name)}`),
    '',
    signedHeaders,
    sha256(body),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = [date, region, service, 'aws4_request'].reduce<Buffer>((k, part) => hmac(k, part), Buffer.from(`AWS4${credentials.secretAccessKey}`));
  const expected = hmac(key, stringToSign);
  if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return undefined;
  return {
    type: 'InvalidSignatureException',
    message:
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const escapeUri = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A header as SigV4 canonicalises it: repeated values joined by commas, spaces trimmed and collapsed. */
function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}
