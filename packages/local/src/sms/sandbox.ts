import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RentedNumber, InboundRecord } from '@numbernest/core/messaging';
import { readBody, sendHtml, sendJson } from '../http';
import { handleTwilioApi } from './twilio-api';
import { handleTwilioNumbersHook, incomingNumberOf, twilioNumbersHookPath } from './twilio-numbers';
import { gatewayInboundRequest, post, twilioInboundRequest } from './upstream';

/**
 * The local SMS upstreams under /_local/sms: a page to send an SMS to one of our numbers, which
 * posts the correctly signed webhook of the upstream hosting that number to the app's real route
 * (Twilio's inbound message, or the android-sms-gateway `sms:received` of the phone whose SIM it
 * is, signed with that phone's key; a number that is not ours goes through Twilio); the same as
 * JSON at POST /_local/sms/send (the `npm run sms` CLI and tests); the rented numbers as JSON at
 * GET /_local/sms/numbers; Twilio's Messages API stand-in under /_local/sms/twilio/ (twilio-api.ts),
 * which Start Chat sends through; and the SMS our numbers sent (the outbox, GET /_local/sms/outbox).
 */

export interface SmsSandboxContext {
  /** The local cloud's origin: the webhook goes to `${appUrl}/api/webhooks/sms/twilio`. */
  appUrl: string;
  log: (line: string) => void;
}

/** An SMS one of our numbers sent, as the upstream would have carried it. */
export interface OutboundSms {
  id: string;
  from: string;
  to: string;
  body: string;
  sentAt: string;
}

/** What our numbers sent, newest first (in memory: the local cloud's lifetime). */
export const outbox: OutboundSms[] = [];

/** Records an SMS a number sent (the local stand-in of the upstream's send API calls this). */
export function addOutboundSms(sms: Omit<OutboundSms, 'id' | 'sentAt'> & Partial<Pick<OutboundSms, 'id' | 'sentAt'>>): OutboundSms {
  const kept: OutboundSms = {
    id: sms.id ?? `SM${randomBytes(16).toString('hex')}`,
    sentAt: sms.sentAt ?? new Date().toISOString(),
    from: sms.from,
    to: sms.to,
    body: sms.body,
  };
  outbox.unshift(kept);
  outbox.splice(1000);
  return kept;
}

export interface SendInput {
  to: string;
  from: string;
  body: string;
  /** Send under this Twilio MessageSid (the same one again is a replay; Twilio numbers only). */
  messageSid?: string;
  /** Through this upstream instead of the number's own (to see it refused): `twilio` or a phone's deviceId. */
  via?: string;
}

export interface SendResult {
  /** Who sent it: `twilio`, or `gateway` and the phone. */
  upstream: 'twilio' | 'gateway';
  deviceId?: string;
  /** Where it was posted (and signed for). */
  url: string;
  /** The upstream's id of it: the Twilio MessageSid, or the gateway's `<deviceId>:<event id>`. */
  messageSid: string;
  /** The app's answer. */
  status: number;
  contentType: string;
  reply: string;
  /** What the app did with it, read back from the table: delivered to a rental, or kept as an orphan. */
  record: InboundRecord | null;
}

/**
 * Sends one inbound SMS through the app's real webhook of the upstream hosting the number (or the
 * one asked for with `via`), signed as that upstream signs: Twilio with the local auth token, a
 * phone with its own key.
 */
export async function sendInboundSms(context: SmsSandboxContext, input: SendInput): Promise<SendResult> {
  const { findInboundRecord, normaliseE164, numberSourceOf } = await import('@numbernest/core/messaging');
  const source = await numberSourceOf(normaliseE164(input.to));
  const { via, ...sms } = input;
  const viaDevice = via && via !== 'twilio' ? via : undefined;
  const device = viaDevice ?? (!via && source?.provider === 'gateway' ? source.deviceId : undefined);
  let sent: Omit<SendResult, 'status' | 'contentType' | 'reply' | 'record'>;
  let reply: Awaited<ReturnType<typeof post>>;
  if (device) {
    const simNumber = source?.provider === 'gateway' && source.deviceId === device ? source.simNumber : 1;
    const request = gatewayInboundRequest({ appUrl: context.appUrl, to: sms.to, from: sms.from, body: sms.body, deviceId: device, simNumber });
    reply = await post(request);
    sent = { upstream: 'gateway', deviceId: device, url: request.url, messageSid: request.providerMessageId };
  } else {
    // Twilio posts to the URL the number is configured with (the console's import sets it), else ours.
    const configured = (await incomingNumberOf(normaliseE164(sms.to)))?.smsUrl;
    const request = twilioInboundRequest({ appUrl: context.appUrl, ...sms, ...(configured ? { url: configured } : {}) });
    reply = await post(request);
    sent = { upstream: 'twilio', url: request.url, messageSid: request.messageSid };
  }
  const record = reply.status === 200 ? ((await findInboundRecord(sent.upstream, sent.messageSid)) ?? null) : null;
  const by = sent.deviceId ? `phone ${sent.deviceId}` : 'Twilio';
  context.log(`sms sandbox: ${input.from} -> ${input.to} via ${by}: HTTP ${reply.status}${record ? ` (${describe(record)})` : ''}`);
  return { ...sent, status: reply.status, contentType: reply.contentType, reply: reply.body, record };
}

const describe = (record: InboundRecord) =>
  record.outcome === 'delivered'
    ? `delivered to rental ${record.rentalId}${record.verified === false ? ' (unverified: only the text matched its service)' : ''}`
    : `kept as an orphan: ${record.reason}`;

async function rented(): Promise<RentedNumber[]> {
  const { rentedNumbers } = await import('@numbernest/core/messaging');
  return rentedNumbers();
}

function invalid(input: Partial<Record<keyof SendInput, unknown>>): string | undefined {
  for (const name of ['to', 'from', 'body'] as const) if (typeof input[name] !== 'string') return `"${name}" must be a string`;
  if (!(input.to as string).trim()) return '"to" is required';
  if (!(input.from as string).trim()) return '"from" is required';
  if (input.messageSid !== undefined && (typeof input.messageSid !== 'string' || !/^SM[0-9a-f]{32}$/.test(input.messageSid)))
    return '"messageSid" must be SM + 32 hex';
  if (input.via !== undefined && (typeof input.via !== 'string' || !/^[\w.:-]{1,128}$/.test(input.via))) return '"via" must be "twilio" or a deviceId';
  return undefined;
}

/** Serves /_local/sms and below. */
export async function handleSmsSandbox(req: IncomingMessage, res: ServerResponse, url: URL, context: SmsSandboxContext): Promise<void> {
  if (await handleTwilioApi(req, res, url, { log: context.log, keep: (sms) => addOutboundSms(sms), kept: () => outbox })) return;
  const path = url.pathname.replace(/\/$/, '');
  if (path === '/_local/sms/send' && req.method === 'POST') {
    const body = await readBody(req);
    let input: Partial<SendInput>;
    try {
      input = JSON.parse(body.toString('utf8') || '{}') as Partial<SendInput>;
    } catch {
      return sendJson(res, 400, { message: 'Send JSON: { "to": "+1…", "from": "Google", "body": "…" }' });
    }
    const problem = invalid(input);
    if (problem) return sendJson(res, 400, { message: problem });
    return sendJson(res, 200, await sendInboundSms(context, input as SendInput));
  }
  if (path === twilioNumbersHookPath) return handleTwilioNumbersHook(req, res);
  if (path === '/_local/sms/numbers' && req.method === 'GET') return sendJson(res, 200, await rented(), { 'cache-control': 'no-store' });
  if (path === '/_local/sms/outbox' && req.method === 'GET') return sendJson(res, 200, outbox, { 'cache-control': 'no-store' });
  if (path === '/_local/sms' && (req.method === 'GET' || req.method === 'POST')) {
    if (req.method === 'GET') return sendHtml(res, 200, renderSmsPage({ numbers: await rented(), outbox }));
    const fields = Object.fromEntries(new URLSearchParams((await readBody(req)).toString('utf8')));
    const input = { to: (fields.to_text?.trim() || fields.to || '').trim(), from: fields.from ?? '', body: fields.body ?? '' };
    const problem = invalid(input);
    const result = problem ? undefined : await sendInboundSms(context, input);
    return sendHtml(res, problem ? 400 : 200, renderSmsPage({ numbers: await rented(), outbox, form: input, result, problem }));
  }
  sendJson(res, 404, { message: 'Not found' });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const typeNames: Record<number, string> = { 1: 'Shared', 2: 'Private', 3: 'Temporary' };

interface PageInput {
  numbers: RentedNumber[];
  outbox: OutboundSms[];
  form?: { to: string; from: string; body: string };
  result?: SendResult;
  problem?: string;
}

/** The sandbox's page: the same look as the payment sandboxes' checkout. */
export function renderSmsPage(page: PageInput): string {
  const form = page.form ?? { to: '', from: 'Google', body: 'G-123456 is your Google verification code.' };
  const options = page.numbers
    .map((n) => {
      const label = `${n.e164} · ${typeNames[n.typeId] ?? n.typeId}${n.serviceName ? ` · ${n.serviceName}` : ''}`;
      return `<option value="${escape(n.e164)}"${n.e164 === form.to ? ' selected' : ''}>${escape(label)}</option>`;
    })
    .join('');
  const result = page.problem
    ? `<p class="result bad" data-testid="sms-result">${escape(page.problem)}</p>`
    : page.result
      ? `<p class="result ${page.result.status === 200 ? 'ok' : 'bad'}" data-testid="sms-result">${escape(page.result.deviceId ? `Phone ${page.result.deviceId}` : 'Twilio')} · HTTP ${page.result.status} from ${escape(page.result.url)}${
          page.result.record ? ` · ${escape(describe(page.result.record))}` : ''
        }</p><pre>${escape(page.result.reply)}</pre>`
      : '';
  const sent = page.outbox.length
    ? `<ul class="outbox" data-testid="sms-outbox">${page.outbox.map((m) => `<li data-sid="${escape(m.id)}"><b>${escape(m.from)} → ${escape(m.to)}</b> <small>${escape(m.sentAt)}</small><br>${escape(m.body)}</li>`).join('')}</ul>`
    : '<p class="note">No SMS sent yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SMS upstream (local sandbox)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1d2433;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px #0002;padding:32px;width:min(520px,92vw);margin:24px 0}
h1{font-size:1.1rem;margin:0 0 4px}h2{font-size:1rem;margin:28px 0 8px}.note{color:#667;font-size:.85rem;margin:0 0 20px}
label{display:block;font-size:.85rem;color:#667;margin:12px 0 4px}select,input,textarea{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d5dae6;border-radius:10px;font:inherit}
textarea{min-height:90px}button{width:100%;margin-top:20px;padding:12px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;background:#2f6bff;color:#fff}
.result{margin:20px 0 0;padding:10px;border-radius:10px;font-size:.9rem;word-break:break-all}.ok{background:#e6f6ec}.bad{background:#fde8e8}
pre{white-space:pre-wrap;word-break:break-all;font-size:.8rem;background:#f4f6fb;padding:8px;border-radius:8px}.outbox{padding:0;list-style:none;font-size:.9rem}.outbox li{padding:8px 0;border-bottom:1px solid #eef0f5}
</style></head><body><main>
<h1>SMS upstream (local sandbox)</h1><p class="note">Sends the webhook of the upstream hosting the number to this app: Twilio's inbound message (signed with the local auth token), or the android-sms-gateway event of the phone whose SIM it is (signed with that phone's key). No real SMS moves.</p>
<form method="post" action="/_local/sms">
<label for="to">To (a rented number)</label>
<select id="to" name="to"><option value="">${page.numbers.length ? '— pick one —' : 'No number is rented right now'}</option>${options}</select>
<label for="to_text">or any number (E.164)</label>
<input id="to_text" name="to_text" placeholder="+447700900123" value="${page.numbers.some((n) => n.e164 === form.to) ? '' : escape(form.to)}">
<label for="from">From (sender id)</label>
<input id="from" name="from" value="${escape(form.from)}" required>
<label for="body">Text</label>
<textarea id="body" name="body">${escape(form.body)}</textarea>
<button type="submit">Send</button>
</form>
${result}
<h2>Sent by our numbers</h2>
<p class="note">Start Chat on a Private number sends through Twilio's Messages API; here that is this sandbox (To +15005550001 is refused, as Twilio refuses it).</p>
${sent}
</main></body></html>`;
}
