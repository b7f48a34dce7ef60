import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { countSegments } from '@numbernest/core/message/segments';
import { readBody, sendJson } from '../http';
import { localSmsValue } from './settings';

/**
 * The local stand-in of Twilio's Messages API (what Start Chat calls), under the SMS sandbox:
 * `POST /_local/sms/twilio/2010-04-01/Accounts/{AccountSid}/Messages.json`, a form body (From,
 * To, Body) with HTTP Basic auth AccountSid:AuthToken checked against the local values. It
 * answers as Twilio does (201 with the message resource, status `queued`; errors as
 * `{ code, message, more_info, status }`) and keeps the SMS in the sandbox's outbox. Twilio's own
 * magic test numbers fail as they do with test credentials, e.g. To +15005550001 is "not a valid
 * phone number" (21211): a way to see a refused SMS refunded.
 */

export const twilioApiPrefix = '/_local/sms/twilio';
const messagesPath = /^\/_local\/sms\/twilio\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** Twilio's magic "To" numbers (test credentials) and the error each gives. */
export const twilioMagicFailures: Record<string, { code: number; message: (to: string) => string }> = {
  '+15005550001': { code: 21211, message: (to) => `The 'To' number ${to} is not a valid phone number.` },
  '+15005550002': { code: 21612, message: () => "The 'To' phone number is not currently reachable via SMS." },
  '+15005550003': { code: 21408, message: () => 'Permission to send an SMS has not been enabled for the region indicated by the \'To\' number.' },
  '+15005550004': { code: 21610, message: () => 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { code: 21614, message: (to) => `'To' number ${to} is not a valid mobile number` },
};

const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
  sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

/** Constant-time equality of two strings. */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The Basic credentials of a request, if any. */
function basicAuth(req: IncomingMessage): { user: string; password: string } | undefined {
  const header = req.headers.authorization;
  const match = header && /^Basic\s+(\S+)$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Twilio's 400 for a message it will not take, if this one is such. */
function refusalOf(from: string, to: string, body: string): { code: number; message: string } | undefined {
  if (!to) return { code: 21604, message: "A 'To' phone number is required." };
  if (!from) return { code: 21603, message: "A 'From' phone number is required." };
  if (!body) return { code: 21602, message: 'Message body is required.' };
  if (!/^\+[1-9]\d{6,14}$/.test(to)) return { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` };
  const magic = twilioMagicFailures[to];
  return magic && { code: magic.code, message: magic.message(to) };
}

export interface TwilioApiContext {
  log: (line: string) => void;
  /** Keeps an SMS a number sent (the sandbox's outbox). */
  keep: (sms: { id: string; from: string; to: string; body: string; sentAt: string }) => void;
}

/** Serves the Messages API stand-in; false when the path is not one of its. */
export async function handleTwilioApi(req: IncomingMessage, res: ServerResponse, url: URL, context: TwilioApiContext): Promise<boolean> {
  if (!url.pathname.startsWith(`${twilioApiPrefix}/`)) return false;
  const match = messagesPath.exec(url.pathname);
  if (!match) {
    twilioError(res, 404, 20404, 'The requested resource was not found');
    return true;
  }
  if (req.method !== 'POST') {
    twilioError(res, 405, 20004, 'Method not allowed');
    return true;
  }
  const accountSid = localSmsValue('TwilioAccountSid');
  const credentials = basicAuth(req);
  if (!credentials || !same(credentials.user, accountSid) || !same(credentials.password, localSmsValue('TwilioAuthToken'))) {
    twilioError(res, 401, 20003, 'Authenticate');
    return true;
  }
  if (decodeURIComponent(match[1]!) !== accountSid) {
    twilioError(res, 404, 20404, `The requested resource /2010-04-01/Accounts/${match[1]}/Messages.json was not found`);
    return true;
  }

  const fields = new URLSearchParams((await readBody(req)).toString('utf8'));
  const to = fields.get('To')?.trim() ?? '';
  const from = fields.get('From')?.trim() ?? '';
  const body = fields.get('Body') ?? '';
  const refusal = refusalOf(from, to, body);
  if (refusal) {
    context.log(`sms sandbox: Twilio API refused ${from || '?'} -> ${to || '?'} (${refusal.code})`);
    twilioError(res, 400, refusal.code, refusal.message);
    return true;
  }

  const sid = `SM${randomBytes(16).toString('hex')}`;
  const now = new Date();
  context.keep({ id: sid, from, to, body, sentAt: now.toISOString() });
  context.log(`sms sandbox: Twilio API queued ${sid} ${from} -> ${to}`);
  const date = now.toUTCString().replace('GMT', '+0000');
  sendJson(res, 201, {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body,
    date_created: date,
    date_sent: null,
    date_updated: date,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, countSegments(body).segments)),
    price: null,
    price_unit: 'USD',
    sid,
    status: 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
  });
  return true;
}
