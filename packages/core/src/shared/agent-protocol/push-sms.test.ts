import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, decodeRequestBody, parsePushSms, pushSmsReply } from './push-sms';

const body = '{"smsId":1000000000000000001,"phoneFrom":"Vk","phone":79281234567,"text":"VK: 33708 – your code","action":"PUSH_SMS","key":"12345"}';

describe("an agent's PUSH_SMS", () => {
  it('reads the body gzipped (by header or by its magic number) or plain', () => {
    const zipped = gzipSync(Buffer.from(body, 'utf8'));
    expect(decodeRequestBody(zipped, 'gzip')).toEqual({ ok: true, text: body });
    expect(decodeRequestBody(zipped)).toEqual({ ok: true, text: body });
    expect(decodeRequestBody(Buffer.from(body, 'utf8'))).toEqual({ ok: true, text: body });
    expect(decodeRequestBody(body)).toEqual({ ok: true, text: body });
    expect(decodeRequestBody(Buffer.from('not gzip'), 'gzip')).toMatchObject({ ok: false, reason: expect.stringMatching(/not valid gzip/) });
    expect(decodeRequestBody(Buffer.from([0x7b, 0xff, 0x7d]))).toEqual({ ok: false, reason: 'The body is not UTF-8' });
    expect(decodeRequestBody(gzipSync(Buffer.alloc(300 * 1024, 0x20)))).toMatchObject({ ok: false });
  });

  it('answers the ids as decimal strings with every digit, and the key, sender and text', () => {
    expect(parsePushSms(body)).toEqual({
      ok: true,
      key: '12345',
      smsId: '1000000000000000001',
      phone: '79281234567',
      phoneFrom: 'Vk',
      text: 'VK: 33708 – your code',
    });
  });

  it('refuses a number sent as a string, or a field missing, with the reason', () => {
    expect(parsePushSms(body.replace('"phone":79281234567', '"phone":"79281234567"'))).toEqual({
      ok: false,
      reason: 'PUSH_SMS breaks the protocol: phone must be a whole JSON number from 0 to 9223372036854775807, not the string "79281234567"',
    });
    expect(parsePushSms('{"action":"PUSH_SMS","key":"k","smsId":1,"phone":1,"phoneFrom":"x"}')).toEqual({
      ok: false,
      reason: 'PUSH_SMS breaks the protocol: text is missing (it must be a JSON string)',
    });
    expect(parsePushSms(body.replace('"PUSH_SMS"', '"GET_SERVICES"'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('action must be "PUSH_SMS"'),
    });
  });

  it('writes our answer, gzipped when the agent accepts gzip', () => {
    const plain = pushSmsReply('SUCCESS');
    expect(plain).toMatchObject({ text: '{"status":"SUCCESS"}', gzip: false });
    expect(plain.body.toString('utf8')).toBe('{"status":"SUCCESS"}');
    const zipped = pushSmsReply('ERROR', 'Unknown key', 'gzip, deflate');
    expect(zipped).toMatchObject({ text: '{"status":"ERROR","error":"Unknown key"}', gzip: true, headers: { 'content-encoding': 'gzip' } });
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(zipped.text);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
