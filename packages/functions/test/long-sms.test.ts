import { apiUrl } from './api'; // first: points this process at the local cloud
import { messagesReplySchema, rentalReplySchema } from '@numbernest/contracts';
import { emptyTwiml } from '@numbernest/core/messaging';
import { seedCatalog } from '@numbernest/core/seed';
import { mailsTo } from '@numbernest/local/testing';
import { gatewayInboundRequest, post, twilioInboundRequest } from '@numbernest/local/sms/upstream';
import { describe, expect, it } from 'vitest';
import { as, userWithBalance } from './auth-users';
import { rentOwn, until } from './rent-own';

/**
 * An SMS far longer than any real one (450,000 characters: no DynamoDB item holds it, and it is
 * made of dotted names, on which a backtracking link pattern takes time quadratic in the length)
 * through each upstream's webhook: answered with the upstream's success, kept cut to 4,000
 * characters with its length as received, and its code, which comes after the cut, still found.
 */
const receivedLength = 450_000;
const codeAt = 10_000;
const longSms = () => `${'a.'.repeat(codeAt / 2)} Your code is 482913. ${'a.'.repeat(receivedLength / 2)}`.slice(0, receivedLength);
const allOff = { email: false, telegram: false, whatsapp: false, push: false };

describe('an SMS of 450,000 characters', () => {
  it('through Twilio: empty TwiML, the message kept cut with its length, its code found past the cut, and forwarded as kept', { timeout: 60_000 }, async () => {
    const { maxSmsTextLength } = await import('@numbernest/core/messaging');
    const user = await userWithBalance(50_00);
    expect((await as(user.idToken).put('/user/forwarding', { ...allOff, email: true })).status).toBe(200);
    const rental = await rentOwn(user, 'private');
    const body = longSms();

    const reply = await post(twilioInboundRequest({ appUrl: apiUrl, to: rental.number, from: '+15550004444', body }));
    expect(reply.status, reply.body.slice(0, 200)).toBe(200);
    expect(reply.body).toBe(emptyTwiml);

    const kept = `${body.slice(0, maxSmsTextLength - 1)}…`;
    expect(body.indexOf('482913')).toBeGreaterThan(maxSmsTextLength);

    const messages = messagesReplySchema.parse((await as(user.idToken).get(`/user/messages?rental_id=${rental.id}`)).json).data.data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ body: kept, received_length: receivedLength, code: '482913' });
    const after = rentalReplySchema.parse((await as(user.idToken).get(`/user/rentals/${rental.id}`)).json).data;
    expect(after.last_message).toMatchObject({ body: kept, code: '482913' });

    const mail = await until('the forwarded e-mail', async () => (await mailsTo(user.email)).find((m) => m.kind === 'message'));
    expect(mail.subject).toContain('482913');
    expect(mail.message).toContain(kept);
    expect(mail.message!.length).toBeLessThan(maxSmsTextLength + 1000);
  });

  it('through an android-sms-gateway phone, for a number nobody rents: received, and kept as an orphan the same way', { timeout: 60_000 }, async () => {
    const { findInboundRecord, findOrphan, maxSmsTextLength } = await import('@numbernest/core/messaging');
    const phone = seedCatalog.numbers.map((n) => n.source).find((s) => s.provider === 'gateway')!;
    if (phone.provider !== 'gateway') throw new Error('no seeded phone');
    const body = longSms();
    const request = gatewayInboundRequest({ appUrl: apiUrl, to: '+10000000002', from: '+15550004444', body, deviceId: phone.deviceId, simNumber: null });

    const reply = await post(request);
    expect(reply.status, reply.body.slice(0, 200)).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ message: 'received' });

    const record = await findInboundRecord('gateway', request.providerMessageId);
    if (record?.outcome !== 'orphan') throw new Error(`not kept as an orphan: ${JSON.stringify(record)}`);
    expect(await findOrphan(record.orphanId)).toMatchObject({
      reason: 'unknown-number',
      body: `${body.slice(0, maxSmsTextLength - 1)}…`,
      receivedLength,
      code: '482913',
    });
  });
});
