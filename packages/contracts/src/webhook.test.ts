import { describe, expect, it } from 'vitest';
import { webhookPayloadExample, webhookPayloadSchema } from './webhook';

const payload = webhookPayloadExample;
const accepts = (value: unknown) => webhookPayloadSchema.safeParse(value).success;

describe('webhookPayloadSchema', () => {
  it('takes the payload of an SMS, the test webhook’s and an unverified one', () => {
    expect(accepts(payload)).toBe(true);
    expect(accepts({ ...payload, activationId: null, service: 'test', country: null })).toBe(true);
    expect(accepts({ ...payload, activationId: null, service: null })).toBe(true); // a Private rental
    expect(accepts({ ...payload, code: null, verified: false })).toBe(true);
  });

  it('has exactly the seven fields, activationId a decimal string', () => {
    expect(Object.keys(webhookPayloadSchema.def.shape).sort()).toEqual(['activationId', 'code', 'country', 'receivedAt', 'service', 'text', 'verified']);
    expect(accepts({ ...payload, activationId: 123 })).toBe(false);
    expect(accepts({ ...payload, activationId: 'A1' })).toBe(false);
    expect(accepts({ ...payload, country: '187' })).toBe(false);
    expect(accepts({ ...payload, receivedAt: '2026-01-01 12:01:00' })).toBe(false);
    expect(accepts({ ...payload, extra: 1 })).toBe(false);
    const { verified: _, ...withoutVerified } = payload;
    expect(accepts(withoutVerified)).toBe(false);
  });

  it('refuses a code on an unverified SMS', () => {
    expect(accepts({ ...payload, verified: false })).toBe(false);
  });
});
