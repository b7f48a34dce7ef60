import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignatureError, ValidationError } from '../errors';
import { gatewayInbound, signGatewayBody, verifyGatewaySignature } from './gateway';
import { signTwilioRequest, twilioInbound, verifyTwilioSignature } from './twilio';

describe('Twilio X-Twilio-Signature (the twilio package validateRequest)', () => {
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  // Twilio's own documented example: this URL, these fields and token give this signature.
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("agrees with Twilio's documented example, and with a hand-made HMAC-SHA1 over URL + sorted fields", () => {
    expect(signTwilioRequest(token, url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    const data = url + Object.keys(params).sort().map((k) => k + params[k as keyof typeof params]).join('');
    expect(signTwilioRequest(token, url, params)).toBe(createHmac('sha1', token).update(data).digest('base64'));
    expect(verifyTwilioSignature(token, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(true);
  });

  it('refuses another token, another URL, a changed field, or no signature', () => {
    const signature = signTwilioRequest(token, url, params);
    expect(verifyTwilioSignature('other', signature, url, params)).toBe(false);
    expect(verifyTwilioSignature(token, signature, 'https://mycompany.com/other', params)).toBe(false);
    expect(verifyTwilioSignature(token, signature, url, { ...params, Digits: '9999' })).toBe(false);
    expect(verifyTwilioSignature(token, undefined, url, params)).toBe(false);
  });

  it('a verified form becomes the normalised event; a forgery is a SignatureError', () => {
    const fields = { MessageSid: 'SM0123', AccountSid: 'AC1', From: 'Google', To: '+447700900123', Body: 'G-123456 <b>hi</b>', NumMedia: '0' };
    const body = new URLSearchParams(fields).toString();
    const hook = 'http://localhost:3000/api/webhooks/sms/twilio';
    const sms = twilioInbound(token, { body, signature: signTwilioRequest(token, hook, fields), url: hook }, new Date('2025-01-01T00:00:00Z'));
    expect(sms).toEqual({ provider: 'twilio', providerMessageId: 'SM0123', from: 'Google', to: '+447700900123', body: 'G-123456 <b>hi</b>', receivedAt: '2025-01-01T00:00:00.000Z' });
    expect(() => twilioInbound(token, { body, signature: signTwilioRequest('forged', hook, fields), url: hook })).toThrow(SignatureError);
    const { MessageSid: _omitted, ...withoutSid } = fields;
    const noSid = new URLSearchParams(withoutSid).toString();
    expect(() => twilioInbound(token, { body: noSid, signature: signTwilioRequest(token, hook, withoutSid), url: hook })).toThrow(ValidationError);
  });
});

describe('android-sms-gateway X-Signature', () => {
  const key = 'gateway-key';
  const now = Date.parse('2025-01-01T00:00:00Z');
  const seconds = String(now / 1000);
  const body = JSON.stringify({
    deviceId: 'dev1',
    event: 'sms:received',
    id: 'Ey6ECgOkVVFjz3CL48B8C',
    payload: { messageId: 'abc123', message: 'Telegram code: 12345', phoneNumber: '6505551212', simNumber: 2, receivedAt: '2024-06-22T15:46:11.000+07:00' },
    webhookId: 'w1',
  });

  it('is hex HMAC-SHA256 over body + timestamp, within 5 minutes', () => {
    const signature = signGatewayBody(key, body, seconds);
    expect(signature).toBe(createHmac('sha256', key).update(body + seconds).digest('hex'));
    expect(verifyGatewaySignature(key, body, seconds, signature, now)).toBe(true);
    expect(verifyGatewaySignature(key, body, seconds, signature.toUpperCase(), now)).toBe(true);
    expect(verifyGatewaySignature(key, body, seconds, signature, now + 301_000)).toBe(false);
    expect(verifyGatewaySignature(key, body, seconds, signature, now - 301_000)).toBe(false);
    expect(verifyGatewaySignature('other', body, seconds, signature, now)).toBe(false);
    expect(verifyGatewaySignature(key, `${body} `, seconds, signature, now)).toBe(false);
    expect(verifyGatewaySignature(key, body, undefined, signature, now)).toBe(false);
  });

  it('takes the receiving number from the URL (?to=, or ?sim<N>= for the SIM slot), a signed recipient first', () => {
    const headers = { 'x-timestamp': seconds, 'x-signature': signGatewayBody(key, body, seconds) };
    const one = gatewayInbound(key, { body, headers, query: { to: '+447700900123' } }, now);
    expect(one).toEqual({
      kind: 'sms',
      sms: { provider: 'gateway', providerMessageId: 'dev1:Ey6ECgOkVVFjz3CL48B8C', from: '6505551212', to: '+447700900123', body: 'Telegram code: 12345', receivedAt: '2024-06-22T08:46:11.000Z' },
    });
    const dual = gatewayInbound(key, { body, headers, query: { sim1: '+441', sim2: '+442', to: '+443' } }, now);
    expect(dual.kind === 'sms' && dual.sms.to).toBe('+442');
    const none = gatewayInbound(key, { body, headers, query: {} }, now);
    expect(none.kind === 'sms' && none.sms.to).toBe('');
  });

  it('refuses a bad signature before reading anything; ignores other events', () => {
    expect(() => gatewayInbound(key, { body, headers: { 'x-timestamp': seconds, 'x-signature': 'ab'.repeat(32) }, query: {} }, now)).toThrow(SignatureError);
    const ping = JSON.stringify({ event: 'system:ping', id: 'p1', payload: { health: {} } });
    expect(gatewayInbound(key, { body: ping, headers: { 'x-timestamp': seconds, 'x-signature': signGatewayBody(key, ping, seconds) }, query: {} }, now)).toEqual({ kind: 'ignored', event: 'system:ping' });
    const junk = 'not json';
    expect(() => gatewayInbound(key, { body: junk, headers: { 'x-timestamp': seconds, 'x-signature': signGatewayBody(key, junk, seconds) }, query: {} }, now)).toThrow(ValidationError);
  });
});
