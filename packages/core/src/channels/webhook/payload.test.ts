import { webhookPayloadSchema } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import { smsPayload } from '.';

const temporary = { activationId: 4242, serviceSlug: 'telegram', countryCode: 'us' };
const sms = { body: 'Your Telegram code is 12345', code: '12345', createdAt: '2026-01-01T12:01:00.000Z' };

describe('smsPayload', () => {
  it('is the contract’s webhook payload: activationId a decimal string, the protocol’s service code and country id', () => {
    const payload = smsPayload(temporary, sms, 'tg');
    expect(webhookPayloadSchema.parse(payload)).toEqual({
      activationId: '4242',
      service: 'tg',
      text: sms.body,
      code: '12345',
      country: 187,
      receivedAt: sms.createdAt,
      verified: true,
    });
  });

  it('has nulls where a rental has no activation, service or protocol country, and no code when unverified', () => {
    const privateRental = smsPayload({ activationId: undefined, serviceSlug: undefined, countryCode: 'zz' }, { ...sms, verified: false });
    expect(webhookPayloadSchema.parse(privateRental)).toMatchObject({ activationId: null, service: null, country: null, code: null, verified: false });
  });
});
