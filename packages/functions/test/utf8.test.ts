/**
 * Bodies that are not UTF-8 text, sent as raw bytes through the local gateway: refused with a 400,
 * and nothing stored with U+FFFD in place of what was sent.
 */
import { apiUrl } from './api'; // first: points this process at the local cloud
import { createHmac, randomUUID } from 'node:crypto';
import { seedCatalog } from '@numbernest/core/seed';
import { gatewayInboundRequest, localDeviceKey } from '@numbernest/local/sms/upstream';
import { describe, expect, it } from 'vitest';

/** `before`, the bytes, `after`: a body with a few bytes of its own in the middle. */
const bytesBetween = (before: string, bytes: Buffer, after: string) => Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]);

describe('a JSON body that is not UTF-8 text', () => {
  async function contactMessagesFrom(email: string) {
    const { listContactMessages } = await import('@numbernest/core/content');
    return (await listContactMessages('new', { limit: 200 })).items.filter((item) => item.email === email);
  }

  it.each([
    ['the bytes 0xC3 0x28 (a broken two-byte sequence)', Buffer.from([0xc3, 0x28])],
    ['a lone 0xFF', Buffer.from([0xff])],
  ])('with %s in a string: 400 MALFORMED_JSON, nothing stored; the same text in UTF-8 is stored as sent', async (_case, bytes) => {
    const email = `utf8-${randomUUID()}@example.com`;
    const contact = (text: Buffer) =>
      fetch(`${apiUrl}/api/contact-us`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bytesBetween(`{"name":"Ada","email":"${email}","subject":"Hello there","message":"Caf`, text, ' au lait, please"}'),
      });

    const refused = await contact(bytes);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'The body is not UTF-8', code: 'MALFORMED_JSON' });
    expect(await contactMessagesFrom(email)).toEqual([]);

    expect((await contact(Buffer.from('é'))).status).toBe(201);
    expect((await contactMessagesFrom(email)).map((item) => item.message)).toEqual(['Café au lait, please']);
  });
});

describe('a webhook body that is not UTF-8', () => {
  it('is refused with a 400 before it is read, though signed over its bytes as a phone signs: no SMS kept', async () => {
    const phone = seedCatalog.numbers.find((n) => n.source.provider === 'gateway')!.source;
    if (phone.provider !== 'gateway') throw new Error('no gateway phone in the seed');
    const marker = `utf8-${randomUUID()}`;
    // A number nobody hosts: a readable SMS to it would be kept as an orphan.
    const request = gatewayInboundRequest({ appUrl: apiUrl, to: '+15550001234', from: 'Bank', body: `${marker} MARK`, deviceId: phone.deviceId, simNumber: 1 });
    const [before, after] = request.body.split('MARK') as [string, string];
    const body = bytesBetween(before, Buffer.from([0xc3, 0x28]), after);
    const timestamp = request.headers['x-timestamp']!;
    const signature = createHmac('sha256', localDeviceKey(phone.deviceId))
      .update(Buffer.concat([body, Buffer.from(timestamp)]))
      .digest('hex');

    const reply = await fetch(request.url, { method: 'POST', headers: { ...request.headers, 'x-signature': signature }, body });
    expect(reply.status, await reply.text()).toBe(400);
    const { queryPartition } = await import('@numbernest/core/db');
    expect((await queryPartition<{ body: string }>('ORPHAN_SMS')).filter((orphan) => orphan.body.includes(marker))).toEqual([]);
  });
});
