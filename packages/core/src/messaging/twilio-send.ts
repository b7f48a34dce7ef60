import { twilioLookupTimeoutMs, twilioTimeoutMs } from './time-limits';
/**
 * Twilio's Messages API, the two calls Start Chat needs:
 * - send: `POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json`, a form body (From, To, Body)
 *   with HTTP Basic auth AccountSid:AuthToken. Twilio answers 201 with the message resource (`sid`
 *   SM…, `status` queued/accepted…) or 4xx/5xx with `{ code, message, more_info, status }`.
 * - find again: `GET` the same list filtered by `From` and `To` (newest first, `PageSize`, paged
 *   by `next_page_uri`). Twilio takes no idempotency key on a send, so a send whose answer never
 *   reached us is found again this way: same sender, destination and text, created within moments
 *   of our record (see `send.ts`). `DateSent` is no filter for this: a message Twilio took but has
 *   not handed to a carrier yet (`queued`) has no date_sent at all, and it filters whole days only.
 * Plain fetch (no SDK) so the base URL can point at the local SMS sandbox's stand-in.
 */

export interface TwilioAccount {
  /** e.g. https://api.twilio.com (no trailing slash needed). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
}

export interface OutboundSms {
  from: string;
  to: string;
  body: string;
}

export type TwilioSendResult =
  | { ok: true; sid: string; status: string }
  /**
   * `refused`: Twilio answered and did not take it (a 4xx: bad number, unverified sender…), so it
   * was certainly not sent. `unreachable`: no usable answer (network, timeout, a 5xx).
   */
  | { ok: false; kind: 'refused' | 'unreachable'; httpStatus?: number; code?: number; message: string };

export const twilioMessagesUrl = (account: Pick<TwilioAccount, 'apiUrl' | 'accountSid'>) =>
  `${account.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`;

const authorization = (account: TwilioAccount) => `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

interface TwilioReply {
  sid?: string;
  status?: string | number;
  code?: number;
  message?: string;
}

/** Sends one SMS through Twilio; never throws (the caller refunds on anything but `ok`). */
export async function sendTwilioSms(account: TwilioAccount, sms: OutboundSms, timeoutMs = twilioTimeoutMs): Promise<TwilioSendResult> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(twilioMessagesUrl(account), {
      method: 'POST',
      headers: {
        authorization: authorization(account),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ From: sms.from, To: sms.to, Body: sms.body }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    return { ok: false, kind: 'unreachable', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  let reply: TwilioReply | undefined;
  try {
    reply = JSON.parse(text) as TwilioReply;
  } catch {
    reply = undefined;
  }
  if (response.ok && typeof reply?.sid === 'string' && reply.sid) return { ok: true, sid: reply.sid, status: String(reply.status ?? 'queued') };
  const message = reply?.message ?? (text.slice(0, 200) || response.statusText);
  const kind = response.status >= 400 && response.status < 500 ? 'refused' : 'unreachable';
  return { ok: false, kind, httpStatus: response.status, ...(typeof reply?.code === 'number' ? { code: reply.code } : {}), message };
}

/** A message of Twilio's list, as far as finding ours again needs it. */
export interface TwilioMessage {
  sid: string;
  /** queued, accepted, sending, sent, delivered, undelivered, failed, canceled… */
  status: string;
  from: string;
  to: string;
  body: string;
  /** When Twilio created it (epoch ms; its `date_created`, RFC 2822). */
  createdAt: number;
}

export type TwilioLookup = { ok: true; messages: TwilioMessage[] } | { ok: false; message: string };

interface TwilioListPage {
  messages?: Array<{ sid?: string; status?: string; from?: string; to?: string; body?: string; date_created?: string; direction?: string }>;
  next_page_uri?: string | null;
}

/**
 * The outbound messages from `from` to `to` that Twilio created since `since` (epoch ms), newest
 * first. Reads pages until one reaches back before `since` (at most `maxPages`); never throws:
 * `ok: false` when Twilio could not be asked (network, timeout, any non-200).
 */
export async function findTwilioMessages(
  account: TwilioAccount,
  query: { from: string; to: string; since: number },
  { timeoutMs = twilioLookupTimeoutMs, maxPages = 5 } = {},
): Promise<TwilioLookup> {
  const found: TwilioMessage[] = [];
  let url: string | undefined = `${twilioMessagesUrl(account)}?${new URLSearchParams({ From: query.from, To: query.to, PageSize: '50' })}`;
  for (let page = 0; url && page < maxPages; page++) {
    let reply: TwilioListPage;
    try {
      const response = await fetch(url, {
        headers: { authorization: authorization(account), accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (response.status !== 200) return { ok: false, message: `HTTP ${response.status}: ${text.slice(0, 200)}` };
      reply = JSON.parse(text) as TwilioListPage;
      if (!Array.isArray(reply.messages)) return { ok: false, message: 'Not a list of messages' };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    let older = false;
    for (const m of reply.messages) {
      const createdAt = Date.parse(m.date_created ?? '');
      if (!m.sid || Number.isNaN(createdAt)) continue;
      if (createdAt < query.since) older = true;
      else if (m.direction?.startsWith('outbound') ?? true) {
        found.push({ sid: m.sid, status: String(m.status ?? ''), from: String(m.from ?? ''), to: String(m.to ?? ''), body: String(m.body ?? ''), createdAt });
      }
    }
    // Pages are newest first: one that reaches back before `since` is the last one needed.
    url = !older && reply.next_page_uri ? `${account.apiUrl.replace(/\/$/, '')}${reply.next_page_uri}` : undefined;
  }
  return { ok: true, messages: found };
}
