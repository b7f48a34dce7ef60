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
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

/**
 * The local stand-in for Amazon SES v2's SendEmail (the one call the app makes): the handlers' real
 * SDK client posts here, and each mail lands in the local mailbox (/_local/mail), one per recipient.
 */
export async function handleSes(req: IncomingMessage, res: ServerResponse, path: string, mailbox: Mailbox): Promise<void> {
  if (req.method !== 'POST' || path !== `${sesPath}/v2/email/outbound-emails`) return sendJson(res, 404, { message: 'Only SendEmail is served here' });
  let input: SendEmailInput;
  try {
    input = JSON.parse((await readBody(req)).toString('utf8')) as SendEmailInput;
  } catch {
    return sendJson(res, 400, { message: 'Malformed JSON body' });
  }
  const to = input.Destination?.ToAddresses ?? [];
  const simple = input.Content?.Simple;
  if (!input.FromEmailAddress || to.length === 0 || !simple?.Subject?.Data)
    return sendJson(res, 400, { message: 'From, a recipient and a subject are required' });
  const at = new Date().toISOString();
  for (const address of to) mailbox.add({ to: address, kind: 'message', subject: simple.Subject.Data, code: '', message: simple.Body?.Text?.Data ?? '', at });
  sendJson(res, 200, { MessageId: randomUUID() });
}
