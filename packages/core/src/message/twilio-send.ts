/**
 * Twilio's Messages API, the one call Start Chat needs:
 * `POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json`, a form body (From, To, Body) with
 * HTTP Basic auth AccountSid:AuthToken. Twilio answers 201 with the message resource (`sid`
 * SM…, `status` queued/accepted…) or 4xx/5xx with `{ code, message, more_info, status }`.
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

/** How long Twilio gets to answer (API Gateway gives the whole request 30 s). */
export const twilioTimeoutMs = 10_000;

export const twilioMessagesUrl = (account: Pick<TwilioAccount, 'apiUrl' | 'accountSid'>) =>
  `${account.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`;

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
        authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`,
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
