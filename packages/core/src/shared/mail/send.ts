import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { UpstreamError } from '../errors';
import { resource } from '../settings';
import { oneLine } from './one-line';

/**
 * E-mail the app sends itself (an operator's answer to a contact message, a forwarded SMS), through Amazon SES v2
 * from the sender of `Resource.SupportMail` (stacks/mail.ts: the stage's `SesFromAddress`). The endpoint comes from the SDK's
 * standard sources, so locally `AWS_ENDPOINT_URL_SESV2` points the same client at the local
 * cloud's stand-in, which puts the mail in the local mailbox (/_local/mail).
 */
let client: SESv2Client | undefined;
const ses = () => (client ??= new SESv2Client({}));

export interface Email {
  to: string;
  /** Sent on one line whatever it holds: a line break in a header would start another header. */
  subject: string;
  /** Plain text: what an operator typed is sent as typed. */
  text: string;
  /** An HTML alternative of the text (the caller escapes what it did not write). */
  html?: string;
  /** Where the recipient's answer goes (default: the sender). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe …). */
  headers?: Array<{ name: string; value: string }>;
}

/** Sends one e-mail; its SES message id. */
export async function sendEmail(email: Email): Promise<string> {
  const from = resource('SupportMail').sender.trim();
  if (!from) throw new UpstreamError('E-mail is not set up on this stage (SesFromAddress)', 'UPSTREAM_FAILED');
  const { MessageId } = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [email.to] },
      ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: oneLine(email.subject), Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' }, ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}) },
          ...(email.headers?.length ? { Headers: email.headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
        },
      },
    }),
  );
  return MessageId ?? '';
}
