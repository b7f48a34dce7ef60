import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http';
import { localWhatsAppValue } from './settings';

/**
 * The local stand-in of WhatsApp's Cloud API (Graph), what the app's WhatsApp client calls:
 * - `POST /_local/whatsapp/<version>/<phone_number_id>/messages` with `Authorization: Bearer
 *   <WhatsAppToken>`: checks the token, the phone number id and the message as Graph does (its
 *   error shape `{ error: { message, type, code, fbtrace_id } }`), keeps it, and answers as Graph
 *   does: `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`.
 * - `GET /_local/whatsapp/sent.json?to=<digits>`: what was sent (to that number), oldest first.
 * Kept in memory: a restart of the local cloud starts empty.
 */
export const whatsappPrefix = '/_local/whatsapp';
const messagesPath = /^\/_local\/whatsapp\/(v\d+\.\d+)\/([^/]+)\/messages$/;

export interface SentWhatsApp {
  id: string;
  to: string;
  type: string;
  /** For a template: its name, language and components as posted. */
  template?: { name: string; language: { code: string }; components?: unknown[] };
  /** For a text: its body. */
  text?: { body: string; preview_url?: boolean };
  sent_at: string;
}

const sent: SentWhatsApp[] = [];

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const graphError = (res: ServerResponse, status: number, code: number, message: string, type = 'OAuthException') =>
  sendJson(res, status, { error: { message, type, code, fbtrace_id: randomBytes(9).toString('base64url') } });

interface Posted {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: unknown };
  text?: { body?: unknown; preview_url?: unknown };
}

/** Graph's refusal of a message body, if any (the checks Graph makes before it takes one). */
function refusalOf(body: Posted): string | undefined {
  if (body.messaging_product !== 'whatsapp') return '(#100) The parameter messaging_product is required.';
  if (typeof body.to !== 'string' || !/^\d{6,15}$/.test(body.to)) return '(#100) Invalid parameter: to';
  if (body.type === 'template') {
    const { template } = body;
    if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string')
      return '(#100) The parameter template[name] and template[language][code] are required.';
    // Graph's own rule on text parameters (error 132018 when sent): no line breaks, tabs or 5+ spaces.
    const texts = JSON.stringify(template.components ?? []);
    if (/\\[nt]| {5,}/.test(texts)) return '(#132018) Param text cannot have new-line/tab characters or more than 4 consecutive spaces';
    return undefined;
  }
  if (body.type === 'text') return typeof body.text?.body === 'string' && body.text.body ? undefined : '(#100) The parameter text[body] is required.';
  return `(#100) Unsupported message type in this stand-in: ${String(body.type)}`;
}

async function postMessage(req: IncomingMessage, res: ServerResponse, phoneNumberId: string): Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token || !same(token, localWhatsAppValue('WhatsAppToken'))) return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
  if (phoneNumberId !== localWhatsAppValue('WhatsAppPhoneNumberId')) {
    return graphError(res, 400, 100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`, 'GraphMethodException');
  }
  const raw = await readBody(req);
  let body: Posted;
  try {
    body = JSON.parse(raw.toString('utf8')) as Posted;
  } catch {
    return graphError(res, 400, 100, '(#100) The request body is not JSON', 'OAuthException');
  }
  const refusal = refusalOf(body);
  if (refusal) return graphError(res, 400, 100, refusal);
  const to = body.to as string;
  const id = `wamid.${randomBytes(24).toString('base64url')}`;
  sent.push({
    id,
    to,
    type: body.type as string,
    ...(body.type === 'template' ? { template: body.template as SentWhatsApp['template'] } : { text: body.text as SentWhatsApp['text'] }),
    sent_at: new Date().toISOString(),
  });
  sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
}

/** Serves /_local/whatsapp/…; false when the path is not the stand-in's. */
export async function handleWhatsAppStandIn(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  if (path === `${whatsappPrefix}/sent.json` && req.method === 'GET') {
    const to = url.searchParams.get('to')?.replace(/\D/g, '');
    sendJson(res, 200, to ? sent.filter((message) => message.to === to) : sent, { 'cache-control': 'no-store' });
    return true;
  }
  const match = messagesPath.exec(path);
  if (match && req.method === 'POST') {
    await postMessage(req, res, decodeURIComponent(match[2]!));
    return true;
  }
  if (path === whatsappPrefix || path.startsWith(`${whatsappPrefix}/`)) {
    graphError(res, 400, 100, 'Unknown path components', 'OAuthException');
    return true;
  }
  return false;
}
