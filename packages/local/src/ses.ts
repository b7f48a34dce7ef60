import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http';
import type { Mailbox } from './mailbox';

/** Where the handlers' SES v2 client sends (`AWS_ENDPOINT_URL_SESV2`); the SDK appends `/v2/email/outbound-emails`. */
export const sesPath = '/_local/ses';
/** The local sender of the app's own e-mail (on a stage: the verified sender of stacks/mail.ts). */
export const localMailSender = 'support@numbernest.local';

interface SendEmailInput {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Headers?: Array<{ Name?: string; Value?: string }>;
    };
  };
}

/**
 * Outages to act, per recipient (lower case): the next `remaining` SendEmail calls answer 503 as
 * SES does when it is unavailable. A call is the SDK's invocation (`amz-sdk-invocation-id`): its
 * own retries fail alike, so the app sees one failed send, as it would on AWS.
 */
const outages = new Map<string, { remaining: number; failing: Set<string> }>();

/** POST /_local/ses/failures {to, times}: the next `times` sends to `to` fail (tests of the app's retries). */
async function planOutage(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  let input: { to?: unknown; times?: unknown };
  try {
    input = JSON.parse(body.toString('utf8')) as typeof input;
  } catch {
    return sendJson(res, 400, { message: 'Malformed JSON body' });
  }
  const times = typeof input.times === 'number' && Number.isInteger(input.times) && input.times > 0 ? input.times : 1;
  if (typeof input.to !== 'string' || !input.to.includes('@')) return sendJson(res, 400, { message: '`to` must be an e-mail address' });
  outages.set(input.to.toLowerCase(), { remaining: times, failing: new Set() });
  sendJson(res, 200, { to: input.to, times });
}

/** Whether this call fails: one of a planned outage's invocations (a new one while some remain, or a retry of one). */
function failsNow(to: string[], invocation: string): boolean {
  for (const address of to) {
    const outage = outages.get(address.toLowerCase());
    if (!outage) continue;
    if (outage.failing.has(invocation)) return true;
    if (outage.remaining > 0) {
      outage.remaining--;
      outage.failing.add(invocation);
      return true;
    }
    outages.delete(address.toLowerCase());
  }
  return false;
}

/**
 * The local stand-in for Amazon SES v2's SendEmail (the one call the app makes): the handlers' real
 * SDK client posts here, and each mail lands in the local mailbox (/_local/mail), one per recipient,
 * with its HTML part and extra headers (List-Unsubscribe) when it has them.
 */
export async function handleSes(req: IncomingMessage, res: ServerResponse, path: string, mailbox: Mailbox): Promise<void> {
  if (req.method === 'POST' && path === `${sesPath}/failures`) return planOutage(req, res);
  if (req.method !== 'POST' || path !== `${sesPath}/v2/email/outbound-emails`) return sendJson(res, 404, { message: 'Only SendEmail is served here' });
  const body = await readBody(req);
  let input: SendEmailInput;
  try {
    input = JSON.parse(body.toString('utf8')) as SendEmailInput;
  } catch {
    return sendJson(res, 400, { message: 'Malformed JSON body' });
  }
  const to = input.Destination?.ToAddresses ?? [];
  const simple = input.Content?.Simple;
  if (!input.FromEmailAddress || to.length === 0 || !simple?.Subject?.Data)
    return sendJson(res, 400, { message: 'From, a recipient and a subject are required' });
  const invocation = String(req.headers['amz-sdk-invocation-id'] ?? randomUUID());
  if (failsNow(to, invocation)) {
    res.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' });
    res.end(JSON.stringify({ message: 'Service unavailable (a planned local outage)' }));
    return;
  }
  const at = new Date().toISOString();
  const html = simple.Body?.Html?.Data;
  const headers = Object.fromEntries((simple.Headers ?? []).filter((h) => h.Name).map((h) => [h.Name!, h.Value ?? '']));
  for (const address of to)
    mailbox.add({
      to: address,
      kind: 'message',
      subject: simple.Subject.Data,
      code: '',
      message: simple.Body?.Text?.Data ?? '',
      ...(html ? { html } : {}),
      ...(Object.keys(headers).length ? { headers } : {}),
      at,
    });
  sendJson(res, 200, { MessageId: randomUUID() });
}
