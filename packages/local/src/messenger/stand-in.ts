import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendHtml, sendJson } from '../http';
import { localMessengerPage, localMessengerPageId, localMessengerValue, messengerPath } from './settings';

/**
 * The local stand-in of Messenger (Meta's Graph Send API and the person's side of a conversation):
 * - `POST /_local/messenger/<version>/me/messages?access_token=<Page token>`: checks the token and
 *   the message as the Send API does (its error shape `{ error: { message, type, code,
 *   error_subcode, fbtrace_id } }`: #551 to a person who blocked the Page, #10/2018278 outside the
 *   24-hour window without a tag), keeps it, and answers `{ recipient_id, message_id }`.
 * - `GET /_local/messenger/sent.json?psid=`: what the Page sent (to that person), oldest first.
 * - `POST /_local/messenger/chat` `{ psid, text }` or `{ psid, ref, new_thread? }`: what the person
 *   does, posted to the app's webhook as Meta would (the `page` notification, signed with the app
 *   secret in X-Hub-Signature-256); `POST /_local/messenger/block` `{ psid, blocked }`.
 * - `GET /_local/messenger/m.me/<page>?ref=…`: opening the link (a referral to an open thread, or
 *   Get Started's postback with the referral on a new one), then the chat page `/_local/messenger`.
 * Kept in memory: a restart of the local cloud starts empty.
 */

export interface SentMessenger {
  message_id: string;
  recipient_id: string;
  messaging_type: string;
  tag?: string;
  text: string;
  sent_at: string;
}

/** What the person does in the conversation. */
export interface PersonInput {
  psid: string;
  text?: string;
  /** Opening the m.me link with this reference. */
  ref?: string;
  /** The conversation is new: the person presses Get Started (a postback carrying the referral). */
  new_thread?: boolean;
}

interface PersonLine {
  psid: string;
  text: string;
  at: string;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const graphError = (res: ServerResponse, status: number, code: number, message: string, subcode?: number, type = 'OAuthException') =>
  sendJson(res, status, { error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: randomBytes(9).toString('base64url') } });

/** The tags Meta allows outside the window (no other is accepted). */
const messageTags = new Set(['ACCOUNT_UPDATE', 'CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'HUMAN_AGENT']);
const windowMs = 24 * 3_600_000;

/** The Page's notification of one thing the person did, as Meta posts it to the webhook. */
export function messengerNotification(input: PersonInput, now = Date.now()): Record<string, unknown> {
  const base = { sender: { id: input.psid }, recipient: { id: localMessengerPageId }, timestamp: now };
  let event: Record<string, unknown>;
  if (input.ref !== undefined && input.new_thread) {
    event = {
      ...base,
      postback: {
        mid: `m_${randomBytes(12).toString('base64url')}`,
        title: 'Get Started',
        payload: 'GET_STARTED',
        referral: { ref: input.ref, source: 'SHORTLINK', type: 'OPEN_THREAD' },
      },
    };
  } else if (input.ref !== undefined) {
    event = { ...base, referral: { ref: input.ref, source: 'SHORTLINK', type: 'OPEN_THREAD' } };
  } else {
    event = { ...base, message: { mid: `m_${randomBytes(12).toString('base64url')}`, text: input.text ?? '' } };
  }
  return { object: 'page', entry: [{ id: localMessengerPageId, time: now, messaging: [event] }] };
}

const urlOf = (text: string): URL | undefined => {
  try {
    return new URL(text.trim());
  } catch {
    return undefined;
  }
};

/** X-Hub-Signature-256 of a body with the app secret, as Meta signs. */
export const signedBy = (body: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;

/** Who this browser is in the stand-in's Messenger, kept as a browser keeps its Messenger login. */
const personCookie = (psid: string) => `messenger_psid=${psid}; Path=${messengerPath}; HttpOnly; SameSite=Lax`;

export class MessengerStandIn {
  private readonly sent: SentMessenger[] = [];
  private readonly said: PersonLine[] = [];
  private readonly lastInbound = new Map<string, number>();
  private readonly blocked = new Set<string>();
  /** Each reference opened here, and by whom: a second GET of the same link (a browser's navigation preload, a reload) opens the same conversation again, as m.me would, and posts nothing new. */
  private readonly opened = new Map<string, string>();

  constructor(private readonly appUrl: string) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice(messengerPath.length);
    if (/^\/v\d+\.\d+\/me\/messages$/.test(path) && req.method === 'POST') return this.sendApi(req, res, url);
    if (path === '/sent.json' && req.method === 'GET') {
      const psid = url.searchParams.get('psid');
      return sendJson(res, 200, psid ? this.sent.filter((m) => m.recipient_id === psid) : this.sent, { 'cache-control': 'no-store' });
    }
    if (path === '/chat' && req.method === 'POST') return this.chat(req, res);
    if (path === '/block' && req.method === 'POST') return this.block(req, res);
    const mme = /^\/m\.me\/([^/]+)$/.exec(path);
    if (mme && req.method === 'GET') return this.openLink(req, res, url, decodeURIComponent(mme[1]!));
    if ((path === '' || path === '/') && req.method === 'GET') {
      const psid = this.personOf(req, url);
      res.setHeader('set-cookie', personCookie(psid));
      return sendHtml(res, 200, this.page(psid));
    }
    graphError(res, 400, 100, 'Unknown path components');
  }

  /** The person this browser is: the `psid` asked for, else the one it was before (a cookie), else a new one. */
  private personOf(req: IncomingMessage, url: URL): string {
    const asked = url.searchParams.get('psid');
    if (asked && /^\d+$/.test(asked)) return asked;
    const remembered = /(?:^|;\s*)messenger_psid=(\d+)/.exec(req.headers.cookie ?? '')?.[1];
    return remembered ?? this.newPsid();
  }

  private newPsid(): string {
    return `7${String(randomInt(0, 2 ** 47)).padStart(15, '0')}`;
  }

  private async sendApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const token = url.searchParams.get('access_token') ?? /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !same(token, localMessengerValue('MessengerPageAccessToken'))) return graphError(res, 400, 190, 'Invalid OAuth access token.');
    let body: { recipient?: { id?: unknown }; messaging_type?: unknown; tag?: unknown; message?: { text?: unknown } };
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as typeof body;
    } catch {
      return graphError(res, 400, 100, '(#100) The request body is not JSON');
    }
    const psid = body.recipient?.id;
    if (typeof psid !== 'string' || !/^\d+$/.test(psid)) return graphError(res, 400, 100, '(#100) The parameter recipient is required', 2018001);
    const type = body.messaging_type;
    if (type !== 'RESPONSE' && type !== 'UPDATE' && type !== 'MESSAGE_TAG')
      return graphError(res, 400, 100, '(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}');
    if (type === 'MESSAGE_TAG' && !messageTags.has(String(body.tag))) return graphError(res, 400, 100, '(#100) Param tag must be a valid message tag');
    const text = body.message?.text;
    if (typeof text !== 'string' || !text) return graphError(res, 400, 100, '(#100) The parameter message[text] is required');
    if (text.length > 2000) return graphError(res, 400, 100, '(#100) Length of param message[text] must be less than or equal to 2000');
    if (this.blocked.has(psid)) return graphError(res, 400, 551, "(#551) This person isn't available right now.", 1545041);
    const last = this.lastInbound.get(psid);
    if (type !== 'MESSAGE_TAG' && last !== undefined && Date.now() - last > windowMs) {
      return graphError(res, 400, 10, '(#10) This message is sent outside of allowed window.', 2018278);
    }
    const messageId = `m_${randomBytes(18).toString('base64url')}`;
    this.sent.push({
      message_id: messageId,
      recipient_id: psid,
      messaging_type: type,
      ...(type === 'MESSAGE_TAG' ? { tag: String(body.tag) } : {}),
      text,
      sent_at: new Date().toISOString(),
    });
    sendJson(res, 200, { recipient_id: psid, message_id: messageId });
  }

  /** What the person did, posted to the app's webhook signed with the app secret; the webhook's status. */
  async act(input: PersonInput): Promise<number> {
    const now = Date.now();
    this.lastInbound.set(input.psid, now);
    if (input.text !== undefined) this.said.push({ psid: input.psid, text: input.text, at: new Date(now).toISOString() });
    const body = JSON.stringify(messengerNotification(input, now));
    const reply = await fetch(`${this.appUrl}/api/webhooks/messenger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signedBy(body, localMessengerValue('MessengerAppSecret')) },
      body,
    });
    return reply.status;
  }

  /** The person's fields from JSON or the page's form; `link` (a pasted m.me link) gives the reference. */
  private async fieldsOf(req: IncomingMessage): Promise<{ form: boolean; fields: Record<string, unknown> }> {
    const raw = (await readBody(req)).toString('utf8');
    const form = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    return { form, fields: form ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw || '{}') as Record<string, unknown>) };
  }

  private async chat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { form, fields } = await this.fieldsOf(req);
    const psid = String(fields.psid ?? '');
    if (!/^\d+$/.test(psid)) return sendJson(res, 400, { message: 'psid (digits) is required' });
    const link = typeof fields.link === 'string' && fields.link ? urlOf(fields.link) : undefined;
    const ref = link?.searchParams.get('ref') ?? (typeof fields.ref === 'string' && fields.ref ? fields.ref : undefined);
    const input: PersonInput = ref !== undefined ? { psid, ref, new_thread: this.isNewThread(psid) } : { psid, text: String(fields.text ?? '') };
    const status = await this.act(input);
    if (!form) return sendJson(res, 200, { status });
    res.writeHead(303, { location: `${messengerPath}?psid=${psid}` });
    res.end();
  }

  private async block(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { form, fields } = await this.fieldsOf(req);
    const psid = String(fields.psid ?? '');
    if (!/^\d+$/.test(psid)) return sendJson(res, 400, { message: 'psid (digits) is required' });
    if (fields.blocked === false || fields.blocked === 'false') this.blocked.delete(psid);
    else this.blocked.add(psid);
    if (!form) return sendJson(res, 200, { psid, blocked: this.blocked.has(psid) });
    res.writeHead(303, { location: `${messengerPath}?psid=${psid}` });
    res.end();
  }

  /** A person with no conversation yet sees Get Started first: the reference comes with its postback. */
  private isNewThread(psid: string): boolean {
    return !this.lastInbound.has(psid) && !this.sent.some((m) => m.recipient_id === psid);
  }

  private async openLink(req: IncomingMessage, res: ServerResponse, url: URL, page: string): Promise<void> {
    if (page !== localMessengerValue('MessengerPageUsername') && page !== localMessengerPage) {
      return sendHtml(res, 404, `<!doctype html><meta charset="utf-8"><title>Messenger (local)</title><p>No Page named ${escapeHtml(page)} here.</p>`);
    }
    const ref = url.searchParams.get('ref');
    const psid = (ref && this.opened.get(ref)) || this.personOf(req, url);
    if (ref && !this.opened.has(ref)) {
      // Taken before the webhook's answer: a second GET arriving meanwhile finds it.
      this.opened.set(ref, psid);
      await this.act({ psid, ref, new_thread: this.isNewThread(psid) });
    }
    res.writeHead(303, { location: `${messengerPath}?psid=${psid}`, 'set-cookie': personCookie(psid) });
    res.end();
  }

  private page(psid: string): string {
    const lines = [
      ...this.said.filter((line) => line.psid === psid).map((line) => ({ at: line.at, mine: true, text: line.text, note: '' })),
      ...this.sent
        .filter((m) => m.recipient_id === psid)
        .map((m) => ({ at: m.sent_at, mine: false, text: m.text, note: m.tag ? `${m.messaging_type} · ${m.tag}` : m.messaging_type })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const items = lines
      .slice(-40)
      .map(
        (line) =>
          `<li class="${line.mine ? 'me' : 'page'}"><p data-testid="${line.mine ? 'person-message' : 'page-message'}">${escapeHtml(line.text)}</p><small>${escapeHtml(line.at.slice(11, 19))}${line.note ? ` · ${escapeHtml(line.note)}` : ''}</small></li>`,
      )
      .join('');
    const hidden = `<input type="hidden" name="psid" value="${escapeHtml(psid)}">`;
    const blocked = this.blocked.has(psid);
    return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Messenger (local)</title>
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#111;--muted:#65676b;--page:#e4e6eb;--me:#0866ff;--line:#ccd0d5}
@media (prefers-color-scheme:dark){:root{--bg:#18191a;--fg:#e4e6eb;--muted:#b0b3b8;--page:#3a3b3c;--line:#3e4042}}
body{font:15px system-ui,sans-serif;background:var(--bg);color:var(--fg);max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.2rem;margin:.25rem 0}header p{color:var(--muted);margin:.25rem 0}
ul{list-style:none;padding:0;display:flex;flex-direction:column;gap:.5rem}
li{max-width:80%;display:flex;flex-direction:column}li p{white-space:pre-wrap;margin:0;padding:.5rem .75rem;border-radius:1.1rem;overflow-wrap:anywhere}
li.page{align-self:flex-start}li.page p{background:var(--page)}li.me{align-self:flex-end;align-items:flex-end}li.me p{background:var(--me);color:#fff}
small{color:var(--muted);font-size:.75rem;margin:.15rem .5rem}
form{display:flex;gap:.5rem;margin:.5rem 0;flex-wrap:wrap;align-items:center}input[type=text],input[type=url]{flex:1;min-width:10rem;padding:.5rem .75rem;border:1px solid var(--line);border-radius:1.2rem;background:var(--bg);color:var(--fg)}
button{padding:.5rem 1rem;border:0;border-radius:1.2rem;background:var(--me);color:#fff;font:inherit;cursor:pointer}button.quiet{background:var(--page);color:var(--fg)}
.empty{color:var(--muted);align-self:center}
</style>
<header><h1>${escapeHtml(localMessengerValue('MessengerPageUsername'))} · Messenger (local stand-in)</h1>
<p>You are the person with page-scoped id <code>${escapeHtml(psid)}</code>. What you do here is posted to <code>/api/webhooks/messenger</code>, signed with the app secret, as Meta would. Open Account settings → Messenger → Link, or paste that link below.</p></header>
<form method="post" action="${messengerPath}/chat" aria-label="Open a link">${hidden}<input type="url" name="link" placeholder="${escapeHtml(localMessengerValue('MessengerLinkBase'))}/${escapeHtml(localMessengerPage)}?ref=…" required aria-label="m.me link"><button class="quiet">Open link</button></form>
<ul aria-label="Conversation">${items || '<li class="empty">No messages yet.</li>'}</ul>
<form method="post" action="${messengerPath}/chat" aria-label="Send a message">${hidden}<input type="text" name="text" placeholder="help" autofocus required aria-label="Message"><button>Send</button></form>
<form method="post" action="${messengerPath}/block">${hidden}<input type="hidden" name="blocked" value="${blocked ? 'false' : 'true'}"><button class="quiet">${blocked ? 'Unblock the Page' : 'Block the Page'}</button> <a href="${messengerPath}?psid=${escapeHtml(psid)}">Refresh</a></form>
</html>`;
  }
}
