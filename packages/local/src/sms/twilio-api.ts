import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { countSegments } from '@numbernest/core/sms-segments';
import { readBody, sendJson } from '../http';
import { localSmsValue } from './settings';
import { incomingNumbersAccount, serveIncomingNumbers } from './twilio-numbers';

/**
 * The local stand-in of Twilio's Messages API (what Start Chat calls), under the SMS sandbox, with
 * HTTP Basic auth AccountSid:AuthToken checked against the local values:
 * - `POST /_local/sms/twilio/2010-04-01/Accounts/{AccountSid}/Messages.json`, a form body (From,
 *   To, Body): answers as Twilio does (201 with the message resource, status `queued`; errors as
 *   `{ code, message, more_info, status }`) and keeps the SMS in the sandbox's outbox. Twilio's own
 *   magic test numbers fail as they do with test credentials, e.g. To +15005550001 is "not a valid
 *   phone number" (21211): a way to see a refused SMS refunded.
 * - `GET` the same path: Twilio's list of messages, from the outbox (what this stand-in took),
 *   newest first, filtered by `To`, `From`, `DateSent` / `DateSent<` / `DateSent>` (YYYY-MM-DD, GMT),
 *   `PageSize` (default 50, at most 1000) and paged by `next_page_uri` as Twilio pages it. So the
 *   rental job's question "did Twilio take this one?" is answered from what really arrived.
 * - `GET …/IncomingPhoneNumbers.json` and `POST …/IncomingPhoneNumbers/{PNSid}.json`: the account's
 *   numbers and their SMS webhook (twilio-numbers.ts), which the console's Twilio import uses.
 */

export const twilioApiPrefix = '/_local/sms/twilio';
const messagesPath = /^\/_local\/sms\/twilio\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** Twilio's magic "To" numbers (test credentials) and the error each gives. */
export const twilioMagicFailures: Record<string, { code: number; message: (to: string) => string }> = {
  '+15005550001': { code: 21211, message: (to) => `The 'To' number ${to} is not a valid phone number.` },
  '+15005550002': { code: 21612, message: () => "The 'To' phone number is not currently reachable via SMS." },
  '+15005550003': { code: 21408, message: () => "Permission to send an SMS has not been enabled for the region indicated by the 'To' number." },
  '+15005550004': { code: 21610, message: () => 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { code: 21614, message: (to) => `'To' number ${to} is not a valid mobile number` },
};

/**
 * The sandbox's own numbers for a send whose answer never arrives, as when Twilio or the network
 * fails mid-request: Twilio has no test number for that. Each answers 503 (what Start Chat treats as
 * "no usable answer"): after taking the message (it went, and the list shows it), without, or
 * "down" (the list filtered by that `To` answers 503 too, so nobody can tell). In Twilio's reserved
 * +1500555 test range, so never a real person's number.
 */
export const sandboxLostAnswers: Record<string, 'taken' | 'not taken' | 'down'> = {
  '+15005550098': 'taken',
  '+15005550099': 'not taken',
  '+15005550097': 'down',
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

interface KeptSms {
  id: string;
  from: string;
  to: string;
  body: string;
  sentAt: string;
}

export interface TwilioApiContext {
  log: (line: string) => void;
  /** Keeps an SMS a number sent (the sandbox's outbox). */
  keep: (sms: KeptSms) => void;
  /** What it kept, newest first. */
  kept: () => readonly KeptSms[];
}

/** Twilio's dates: RFC 2822 with +0000. */
const twilioDate = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

/** The message resource as Twilio answers it. */
function messageResource(accountSid: string, sms: KeptSms, status: string, dateSent: string | null) {
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: sms.body,
    date_created: twilioDate(sms.sentAt),
    date_sent: dateSent && twilioDate(dateSent),
    date_updated: twilioDate(sms.sentAt),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: sms.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, countSegments(sms.body).segments)),
    price: null,
    price_unit: 'USD',
    sid: sms.id,
    status,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.id}/Media.json` },
    to: sms.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.id}.json`,
  };
}

/** GET Messages.json: the kept SMS as Twilio lists them (the sandbox delivers at once, so each is `sent`). */
function listMessages(res: ServerResponse, url: URL, accountSid: string, kept: readonly KeptSms[]) {
  const query = url.searchParams;
  const day = (sms: KeptSms) => sms.sentAt.slice(0, 10);
  const pageSize = Math.min(1000, Math.max(1, Number(query.get('PageSize')) || 50));
  const page = Math.max(0, Math.floor(Number(query.get('Page')) || 0));
  const matching = kept.filter(
    (sms) =>
      (!query.get('To') || sms.to === query.get('To')) &&
      (!query.get('From') || sms.from === query.get('From')) &&
      (!query.get('DateSent') || day(sms) === query.get('DateSent')) &&
      (!query.get('DateSent<') || day(sms) <= query.get('DateSent<')!) &&
      (!query.get('DateSent>') || day(sms) >= query.get('DateSent>')!),
  );
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const pageUri = (n: number) => {
    const params = new URLSearchParams(query);
    params.set('PageSize', String(pageSize));
    params.set('Page', String(n));
    if (n > 0) params.set('PageToken', `PA${n}`);
    else params.delete('PageToken');
    return `${path}?${params}`;
  };
  const start = page * pageSize;
  const messages = matching.slice(start, start + pageSize).map((sms) => messageResource(accountSid, sms, 'sent', sms.sentAt));
  sendJson(res, 200, {
    end: start + Math.max(0, messages.length - 1),
    first_page_uri: pageUri(0),
    messages,
    next_page_uri: start + pageSize < matching.length ? pageUri(page + 1) : null,
    page,
    page_size: pageSize,
    previous_page_uri: page > 0 ? pageUri(page - 1) : null,
    start,
    uri: pageUri(page),
  });
}

/** Serves the Messages API stand-in; false when the path is not one of its. */
export async function handleTwilioApi(req: IncomingMessage, res: ServerResponse, url: URL, context: TwilioApiContext): Promise<boolean> {
  if (!url.pathname.startsWith(`${twilioApiPrefix}/`)) return false;
  const match = messagesPath.exec(url.pathname);
  const numbersAccount = incomingNumbersAccount(url.pathname);
  if (!match && numbersAccount === undefined) {
    twilioError(res, 404, 20404, 'The requested resource was not found');
    return true;
  }
  if (req.method !== 'POST' && req.method !== 'GET') {
    twilioError(res, 405, 20004, 'Method not allowed');
    return true;
  }
  const accountSid = localSmsValue('TwilioAccountSid');
  const credentials = basicAuth(req);
  if (!credentials || !same(credentials.user, accountSid) || !same(credentials.password, localSmsValue('TwilioAuthToken'))) {
    twilioError(res, 401, 20003, 'Authenticate');
    return true;
  }
  const pathAccount = match ? match[1]! : numbersAccount!;
  if (decodeURIComponent(pathAccount) !== accountSid) {
    twilioError(res, 404, 20404, `The requested resource ${url.pathname.slice(twilioApiPrefix.length)} was not found`);
    return true;
  }
  if (!match) {
    await serveIncomingNumbers(req, res, url, accountSid, twilioError);
    return true;
  }
  if (req.method === 'GET') {
    if (sandboxLostAnswers[url.searchParams.get('To') ?? ''] === 'down') twilioError(res, 503, 20500, 'Service Unavailable');
    else listMessages(res, url, accountSid, context.kept());
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

  const lost = sandboxLostAnswers[to];
  if (lost === 'not taken' || lost === 'down') {
    context.log(`sms sandbox: Twilio API failed ${from} -> ${to} (503, not taken)`);
    twilioError(res, 503, 20500, 'Service Unavailable');
    return true;
  }
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const kept: KeptSms = { id: sid, from, to, body, sentAt: new Date().toISOString() };
  context.keep(kept);
  if (lost === 'taken') {
    context.log(`sms sandbox: Twilio API took ${sid} ${from} -> ${to}, then failed (503)`);
    twilioError(res, 503, 20500, 'Service Unavailable');
    return true;
  }
  context.log(`sms sandbox: Twilio API queued ${sid} ${from} -> ${to}`);
  sendJson(res, 201, messageResource(accountSid, kept, 'queued', null));
  return true;
}
