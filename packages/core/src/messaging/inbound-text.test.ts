import { describe, expect, it } from 'vitest';
import type { InboundSms } from './items';
import { codeSearchLength, keptSms, maxSmsTextLength } from './inbound-text';

const sms = (body: string): InboundSms => ({
  provider: 'twilio',
  providerMessageId: 'SM1',
  from: 'Bank',
  to: '+447700900123',
  body,
  receivedAt: '2026-01-01T00:00:00.000Z',
});

describe('keptSms: the text of an inbound SMS as kept', () => {
  it('cuts a long text to 4,000 characters, marks the cut, and finds its code past the cut but not past the first 64 K', () => {
    const filler = (length: number) => 'Lorem ipsum dolor sit amet. '.repeat(length / 28 + 1).slice(0, length);
    const body = `${filler(10_000)} Your code is 482913. ${filler(440_000)}`;
    const kept = keptSms(sms(body));
    expect(kept.sms.body).toBe(`${body.slice(0, maxSmsTextLength - 1)}…`);
    expect(kept.sms.receivedLength).toBe(body.length);
    expect(kept.code).toBe('482913');

    expect(keptSms(sms(`${filler(codeSearchLength)} Your code is 482913.`)).code).toBeNull();
    expect(keptSms(sms('Your code is 482913.'))).toEqual({ sms: sms('Your code is 482913.'), code: '482913' });
  });
});
