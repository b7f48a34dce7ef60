import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendEmail } from '@numbernest/core/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../src/mailbox';
import { handleSes, localMailSender, sesPath } from '../src/ses';

/** sendEmail through the real SES v2 client to the local cloud's SES stand-in, on a port of its own. */
describe('sendEmail', () => {
  const mailbox = new Mailbox();
  const server = createServer((req, res) => void handleSes(req, res, new URL(req.url ?? '/', 'http://localhost').pathname, mailbox));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${(server.address() as AddressInfo).port}${sesPath}`,
      SST_RESOURCE_SupportMail: JSON.stringify({ sender: localMailSender }),
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a subject on one line whatever it holds: a line break would start a header of its own', async () => {
    await sendEmail({ to: 'ada@example.com', subject: 'Re: Refund\r\nBcc: everyone@example.com\n\u2028 question\u0085', text: 'Hello\r\nAda' });
    const [mail] = mailbox.list('ada@example.com');
    expect(mail).toMatchObject({ subject: 'Re: Refund Bcc: everyone@example.com question', message: 'Hello\r\nAda' });
  });
});
