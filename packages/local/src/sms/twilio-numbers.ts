import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http';

/**
 * The Twilio account's incoming phone numbers, as the local stand-in holds them (in memory: the
 * local cloud's lifetime), and Twilio's REST protocol for them (twilio-api.ts authenticates):
 * - `GET …/Accounts/{Sid}/IncomingPhoneNumbers.json`: the list, oldest first, `PageSize` (default
 *   50, at most 1000), `Page`, optional `PhoneNumber` filter; paged with `next_page_uri` as Twilio
 *   pages it (what the `twilio` package follows).
 * - `POST …/Accounts/{Sid}/IncomingPhoneNumbers/{PNSid}.json`: updates `SmsUrl`, `SmsMethod`,
 *   `FriendlyName` (Twilio's form fields) and answers the number resource.
 * Seeded with a handful (two numbers the seed already has as Twilio's, some that are not ours yet,
 * one in a country the catalogue lacks); `POST /_local/sms/twilio-numbers` `{ numbers: [{ e164,
 * friendly_name? }] }` adds more (tests), `GET` the same path lists them with their webhook.
 */

export interface IncomingNumber {
  sid: string;
  e164: string;
  friendlyName: string;
  smsUrl: string;
  smsMethod: string;
  createdAt: string;
  updatedAt: string;
}

export const twilioNumbersHookPath = '/_local/sms/twilio-numbers';

const numbers: IncomingNumber[] = [];
let seeding: Promise<void> | undefined;

/** A number's sid: PN + 32 hex, stable for its E.164 (so a restarted local cloud keeps the same sids). */
const sidOf = (e164: string) => `PN${createHash('sha256').update(`local twilio number ${e164}`).digest('hex').slice(0, 32)}`;

/** Formats as Twilio's friendly name does for +1 numbers, else the E.164 itself. */
const friendly = (e164: string) => (/^\+1\d{10}$/.test(e164) ? `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}` : e164);

export function addIncomingNumber(e164: string, friendlyName?: string): IncomingNumber {
  const existing = numbers.find((n) => n.e164 === e164);
  if (existing) return existing;
  const now = new Date().toISOString();
  const number: IncomingNumber = {
    sid: sidOf(e164),
    e164,
    friendlyName: friendlyName ?? friendly(e164),
    smsUrl: '',
    smsMethod: 'POST',
    createdAt: now,
    updatedAt: now,
  };
  numbers.push(number);
  return number;
}

/** The account's seed numbers, added once (every caller waits for the same seeding, so none sees the account without them). */
async function seed(): Promise<void> {
  const { seedCatalog } = await import('@numbernest/core/seed');
  const ours = seedCatalog.numbers.filter((n) => n.source.provider === 'twilio').slice(0, 2);
  for (const n of ours) addIncomingNumber(n.e164);
  // Not ours yet: the United Kingdom, France, the Netherlands; and Norway, which the catalogue does not offer.
  for (const e164 of ['+447700900316', '+447700900528', '+33612345071', '+31612345093', '+4740612345']) addIncomingNumber(e164);
}

/** The account's numbers (seeding them on first use). */
export async function incomingNumbers(): Promise<IncomingNumber[]> {
  await (seeding ??= seed());
  return numbers;
}

/** The incoming number the stand-in holds for this E.164, if any (the inbound path posts to its SmsUrl). */
export async function incomingNumberOf(e164: string): Promise<IncomingNumber | undefined> {
  return (await incomingNumbers()).find((n) => n.e164 === e164);
}

const twilioDate = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

function resource(accountSid: string, n: IncomingNumber) {
  const uri = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${n.sid}.json`;
  return {
    account_sid: accountSid,
    address_requirements: 'none',
    address_sid: null,
    api_version: '2010-04-01',
    beta: false,
    bundle_sid: null,
    capabilities: { fax: false, mms: true, sms: true, voice: true },
    date_created: twilioDate(n.createdAt),
    date_updated: twilioDate(n.updatedAt),
    emergency_address_sid: null,
    emergency_address_status: 'unregistered',
    emergency_status: 'Inactive',
    friendly_name: n.friendlyName,
    identity_sid: null,
    origin: 'twilio',
    phone_number: n.e164,
    sid: n.sid,
    sms_application_sid: '',
    sms_fallback_method: 'POST',
    sms_fallback_url: '',
    sms_method: n.smsMethod,
    sms_url: n.smsUrl,
    status: 'in-use',
    status_callback: '',
    status_callback_method: 'POST',
    subresource_uris: { assigned_add_ons: `${uri.slice(0, -5)}/AssignedAddOns.json` },
    trunk_sid: null,
    uri,
    voice_application_sid: null,
    voice_caller_id_lookup: false,
    voice_fallback_method: 'POST',
    voice_fallback_url: null,
    voice_method: 'POST',
    voice_receive_mode: 'voice',
    voice_url: null,
  };
}

const listPath = /^\/_local\/sms\/twilio\/2010-04-01\/Accounts\/([^/]+)\/IncomingPhoneNumbers\.json$/;
const itemPath = /^\/_local\/sms\/twilio\/2010-04-01\/Accounts\/([^/]+)\/IncomingPhoneNumbers\/([^/]+)\.json$/;

/** The account sid of an IncomingPhoneNumbers path, or undefined when the path is not one. */
export function incomingNumbersAccount(pathname: string): string | undefined {
  return (listPath.exec(pathname) ?? itemPath.exec(pathname))?.[1];
}

type TwilioError = (res: ServerResponse, status: number, code: number, message: string) => void;

/** Serves an (authenticated) IncomingPhoneNumbers request of `accountSid`. */
export async function serveIncomingNumbers(req: IncomingMessage, res: ServerResponse, url: URL, accountSid: string, error: TwilioError): Promise<void> {
  const all = await incomingNumbers();
  if (listPath.test(url.pathname)) {
    if (req.method !== 'GET') return error(res, 405, 20004, 'Method not allowed');
    const query = url.searchParams;
    const pageSize = Math.min(1000, Math.max(1, Number(query.get('PageSize')) || 50));
    const page = Math.max(0, Math.floor(Number(query.get('Page')) || 0));
    const matching = all.filter((n) => !query.get('PhoneNumber') || n.e164 === query.get('PhoneNumber'));
    const path = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`;
    const pageUri = (p: number) => {
      const params = new URLSearchParams(query);
      params.set('PageSize', String(pageSize));
      params.set('Page', String(p));
      if (p > 0) params.set('PageToken', `PA${matching[p * pageSize - 1]?.sid ?? ''}`);
      else params.delete('PageToken');
      return `${path}?${params}`;
    };
    const start = page * pageSize;
    const items = matching.slice(start, start + pageSize).map((n) => resource(accountSid, n));
    return sendJson(res, 200, {
      end: start + Math.max(0, items.length - 1),
      first_page_uri: pageUri(0),
      incoming_phone_numbers: items,
      next_page_uri: start + pageSize < matching.length ? pageUri(page + 1) : null,
      page,
      page_size: pageSize,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      start,
      uri: pageUri(page),
    });
  }
  const sid = decodeURIComponent(itemPath.exec(url.pathname)![2]!);
  const number = all.find((n) => n.sid === sid);
  if (!number) return error(res, 404, 20404, `The requested resource ${url.pathname.replace('/_local/sms/twilio', '')} was not found`);
  if (req.method === 'GET') return sendJson(res, 200, resource(accountSid, number));
  if (req.method !== 'POST') return error(res, 405, 20004, 'Method not allowed');
  const fields = new URLSearchParams((await readBody(req)).toString('utf8'));
  const method = fields.get('SmsMethod');
  if (method !== null && !['GET', 'POST'].includes(method.toUpperCase())) return error(res, 400, 21603, 'SmsMethod must be GET or POST');
  const smsUrl = fields.get('SmsUrl');
  if (smsUrl !== null && smsUrl !== '' && !/^https?:\/\//.test(smsUrl)) return error(res, 400, 21502, `SmsUrl is not a valid URL: ${smsUrl}`);
  if (smsUrl !== null) number.smsUrl = smsUrl;
  if (method !== null) number.smsMethod = method.toUpperCase();
  if (fields.get('FriendlyName') !== null) number.friendlyName = fields.get('FriendlyName')!;
  number.updatedAt = new Date().toISOString();
  sendJson(res, 200, resource(accountSid, number));
}

/** `/_local/sms/twilio-numbers`: GET the account's numbers (with their SmsUrl), POST `{ numbers: [{ e164, friendly_name? }] }` to add some. */
export async function handleTwilioNumbersHook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') return sendJson(res, 200, await incomingNumbers(), { 'cache-control': 'no-store' });
  if (req.method !== 'POST') return sendJson(res, 405, { message: 'GET or POST' });
  const body = await readBody(req);
  let input: { numbers?: Array<{ e164?: unknown; friendly_name?: unknown }> };
  try {
    input = JSON.parse(body.toString('utf8') || '{}') as typeof input;
  } catch {
    return sendJson(res, 400, { message: 'Send JSON: { "numbers": [{ "e164": "+447700900123" }] }' });
  }
  const list = Array.isArray(input.numbers) ? input.numbers : [];
  if (!list.length || list.some((n) => typeof n.e164 !== 'string' || !/^\+[1-9]\d{6,14}$/.test(n.e164))) {
    return sendJson(res, 400, { message: '"numbers" must be a non-empty list of { "e164": "+…" }' });
  }
  await incomingNumbers();
  const added = list.map((n) => addIncomingNumber(n.e164 as string, typeof n.friendly_name === 'string' ? n.friendly_name : undefined));
  sendJson(res, 200, added);
}
