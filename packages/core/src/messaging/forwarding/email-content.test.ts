import { describe, expect, it } from 'vitest';
import { firstWords, forwardedSmsEmail, type ForwardedSms } from './email-content';

const sms: ForwardedSms = {
  service: 'Telegram',
  code: '123456',
  from: 'Telegram',
  number: '+447700900123',
  body: 'Telegram code: 123456. Do not give it to anyone.',
  receivedAt: '2026-01-01T12:00:00.000Z',
  verified: true,
  rentalUrl: 'https://numbernest.example/dashboard/my-number/r1',
  unsubscribeUrl: 'https://api.numbernest.example/api/unsubscribe/email?token=e1.a.b.c',
};

describe('forwarded SMS e-mail', () => {
  it('names the service and the code in the subject, and has both parts with the unsubscribe link', () => {
    const email = forwardedSmsEmail(sms);
    expect(email.subject).toBe('Telegram code 123456');
    expect(email.text).toContain('Code: 123456');
    expect(email.text).toContain(sms.body);
    expect(email.text).toContain(sms.unsubscribeUrl);
    expect(email.html).toContain('>123456<');
    expect(email.html).toContain('https://api.numbernest.example/api/unsubscribe/email?token=e1.a.b.c');
  });

  it('without a code: the service and the first words; an unverified sender says so and offers no code', () => {
    expect(forwardedSmsEmail({ ...sms, code: null, body: 'Your account was signed in from a new device in Berlin, Germany' }).subject).toBe(
      'Telegram: Your account was signed in from a new…',
    );
    const unverified = forwardedSmsEmail({ ...sms, code: null, verified: false });
    expect(unverified.subject.startsWith('Telegram: ')).toBe(true);
    expect(unverified.text).toContain('Unverified sender');
  });

  it('escapes the SMS in the HTML and keeps the subject on one line', () => {
    const email = forwardedSmsEmail({ ...sms, service: 'Evil\r\nBcc: x@y', from: '<b>x</b>', body: '<script>alert("x")</script> & <img src=x onerror=1>' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=1&gt;');
    expect(email.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(email.subject).toBe('Evil Bcc: x@y code 123456');
    expect(email.text).toContain('<script>alert("x")</script>'); // plain text is text
  });

  it('cuts first words at a word', () => {
    expect(firstWords('short')).toBe('short');
    expect(firstWords('a'.repeat(60))).toBe(`${'a'.repeat(40)}…`);
    expect(firstWords('line one\nline two')).toBe('line one line two');
  });
});
