import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignatureError, ValidationError } from '../shared/errors';
import { gatewayDeviceKey, gatewayInbound, signGatewayBody, verifyGatewaySignature } from './gateway';
import { signTwilioRequest, twilioInbound, verifyTwilioSignature } from './twilio';

describe('Twilio X-Twilio-Signature (the twilio package validateRequest)', () => {
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  // Twilio's own documented example: this URL, these fields and token give this signature.
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

  it("agrees with Twilio's documented example, and with a hand-made HMAC-SHA1 over URL + sorted fields", () => {
    expect(signTwilioRequest(token, url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    const data =
      url +
      Object.keys(params)
        .sort()
        .map((k) => k + params[k as keyof typeof params])
        .join('');
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
    expect(sms).toEqual({
      provider: 'twilio',
      providerMessageId: 'SM0123',
      from: 'Google',
      to: '+447700900123',
      body: 'G-123456 <b>hi</b>',
      receivedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(() => twilioInbound(token, { body, signature: signTwilioRequest('forged', hook, fields), url: hook })).toThrow(SignatureError);
    const { MessageSid: _omitted, ...withoutSid } = fields;
    const noSid = new URLSearchParams(withoutSid).toString();
    expect(() => twilioInbound(token, { body: noSid, signature: signTwilioRequest(token, hook, withoutSid), url: hook })).toThrow(ValidationError);
  });
});

describe('android-sms-gateway X-Signature (each phone its own key)', () => {
  const secret = 'gateway-secret';
  const key = gatewayDeviceKey(secret, 'dev1');
  const now = Date.parse('2025-01-01T00:00:00Z');
  const seconds = String(now / 1000);
  const event = (payload: Record<string, unknown>, deviceId: unknown = 'dev1') =>
    JSON.stringify({
      deviceId,
      event: 'sms:received',
      id: 'Ey6ECgOkVVFjz3CL48B8C',
      payload: { messageId: 'abc123', message: 'Telegram code: 12345', receivedAt: '2024-06-22T15:46:11.000+07:00', ...payload },
      webhookId: 'w1',
    });
  const body = event({ sender: '6505551212', recipient: '+447700900123', simNumber: 2 });
  const signed = (text: string, with_ = key) => ({ 'x-timestamp': seconds, 'x-signature': signGatewayBody(with_, text, seconds) });

  it('is hex HMAC-SHA256 over body + timestamp, within 5 minutes', () => {
    const signature = signGatewayBody(key, body, seconds);
    expect(signature).toBe(
      createHmac('sha256', key)
        .update(body + seconds)
        .digest('hex'),
    );
    expect(verifyGatewaySignature(key, body, seconds, signature, now)).toBe(true);
    expect(verifyGatewaySignature(key, body, seconds, signature.toUpperCase(), now)).toBe(true);
    expect(verifyGatewaySignature(key, body, seconds, signature, now + 301_000)).toBe(false);
    expect(verifyGatewaySignature(key, body, seconds, signature, now - 301_000)).toBe(false);
    expect(verifyGatewaySignature('other', body, seconds, signature, now)).toBe(false);
    expect(verifyGatewaySignature(key, `${body} `, seconds, signature, now)).toBe(false);
    expect(verifyGatewaySignature(key, body, undefined, signature, now)).toBe(false);
  });

  it("a phone's key is derived from the secret and its deviceId: one-way, and no two phones share one", () => {
    expect(key).toBe(createHmac('sha256', secret).update('android-sms-gateway device dev1').digest('hex'));
    expect(gatewayDeviceKey(secret, 'dev2')).not.toBe(key);
    expect(gatewayDeviceKey('other-secret', 'dev1')).not.toBe(key);
  });

  it("checks the signature with the key of the phone the body names: the secret itself or another phone's key is refused", () => {
    expect(gatewayInbound(secret, { body, headers: signed(body), query: {} }, now).kind).toBe('sms');
    expect(() => gatewayInbound(secret, { body, headers: signed(body, secret), query: {} }, now)).toThrow(SignatureError);
    expect(() => gatewayInbound(secret, { body, headers: signed(body, gatewayDeviceKey(secret, 'dev2')), query: {} }, now)).toThrow(SignatureError);
    // dev2's key over a body that claims to be dev1's, and over one with no deviceId at all.
    const claimed = event({ sender: '1', recipient: '+447700900123' }, 'dev1');
    expect(() => gatewayInbound(secret, { body: claimed, headers: signed(claimed, gatewayDeviceKey(secret, 'dev2')), query: {} }, now)).toThrow(SignatureError);
    const anonymous = event({ sender: '1' }, null);
    expect(() => gatewayInbound(secret, { body: anonymous, headers: signed(anonymous), query: {} }, now)).toThrow(SignatureError);
  });

  it('the receiving number: the signed recipient first, else the URL (?sim<N>= by the signed slot, then ?to=); the phone and slot ride along', () => {
    const one = gatewayInbound(secret, { body, headers: signed(body), query: { to: '+440000000000' } }, now);
    expect(one).toEqual({
      kind: 'sms',
      sms: {
        provider: 'gateway',
        providerMessageId: 'dev1:Ey6ECgOkVVFjz3CL48B8C',
        deviceId: 'dev1',
        simNumber: 2,
        from: '6505551212',
        to: '+447700900123',
        body: 'Telegram code: 12345',
        receivedAt: '2024-06-22T08:46:11.000Z',
      },
    });
    const older = event({ phoneNumber: '6505551212', simNumber: 2 }); // an app from before `sender` and `recipient`
    const dual = gatewayInbound(secret, { body: older, headers: signed(older), query: { sim1: '+441', sim2: '+442', to: '+443' } }, now);
    expect(dual.kind === 'sms' && [dual.sms.to, dual.sms.from, dual.sms.simNumber]).toEqual(['+442', '6505551212', 2]);
    const noSlot = event({ sender: '1', recipient: null, simNumber: null });
    const single = gatewayInbound(secret, { body: noSlot, headers: signed(noSlot), query: { to: '+443' } }, now);
    expect(single.kind === 'sms' && single.sms).toMatchObject({ to: '+443', deviceId: 'dev1' });
    expect(single.kind === 'sms' && 'simNumber' in single.sms).toBe(false);
    const none = gatewayInbound(secret, { body: noSlot, headers: signed(noSlot), query: {} }, now);
    expect(none.kind === 'sms' && none.sms.to).toBe('');
  });

  it('a phone registered in the console is named by its URL (?device=): its key, not the app’s own deviceId, signs', () => {
    const fromApp = event({ sender: '1', recipient: '+447700900123' }, 'app-own-id');
    const ours = gatewayInbound(secret, { body: fromApp, headers: signed(fromApp, gatewayDeviceKey(secret, 'gw-abc')), query: { device: 'gw-abc' } }, now);
    expect(ours.kind === 'sms' && [ours.sms.deviceId, ours.sms.providerMessageId.startsWith('gw-abc:')]).toEqual(['gw-abc', true]);
    // The app's own id's key, or another registered phone's, does not pass for it.
    expect(() =>
      gatewayInbound(secret, { body: fromApp, headers: signed(fromApp, gatewayDeviceKey(secret, 'app-own-id')), query: { device: 'gw-abc' } }, now),
    ).toThrow(SignatureError);
    expect(() =>
      gatewayInbound(secret, { body: fromApp, headers: signed(fromApp, gatewayDeviceKey(secret, 'gw-abc')), query: { device: 'gw-xyz' } }, now),
    ).toThrow(SignatureError);
    expect(() => gatewayInbound(secret, { body: fromApp, headers: signed(fromApp, gatewayDeviceKey(secret, '')), query: { device: '' } }, now)).toThrow(
      SignatureError,
    );
  });

  it('refuses a bad signature; ignores other events; a signed body that is no SMS is invalid', () => {
    expect(() => gatewayInbound(secret, { body, headers: { 'x-timestamp': seconds, 'x-signature': 'ab'.repeat(32) }, query: {} }, now)).toThrow(SignatureError);
    const ping = JSON.stringify({ deviceId: 'dev1', event: 'system:ping', id: 'p1', payload: { health: {} } });
    expect(gatewayInbound(secret, { body: ping, headers: signed(ping), query: {} }, now)).toEqual({ kind: 'ignored', event: 'system:ping', deviceId: 'dev1' });
    const junk = 'not json';
    expect(() => gatewayInbound(secret, { body: junk, headers: signed(junk), query: {} }, now)).toThrow(SignatureError);
    const senderless = event({ recipient: '+447700900123' });
    expect(() => gatewayInbound(secret, { body: senderless, headers: signed(senderless), query: {} }, now)).toThrow(ValidationError);
  });
});
