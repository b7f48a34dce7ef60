import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { contactReplySchema } from '@numbernest/contracts';
import { auditReplySchema, contactMessageResultSchema, contactMessagesReplySchema, type ContactMessage } from '@numbernest/contracts/ops';
import { mailsTo } from '@numbernest/local/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, post } from './api';
import { as, type TestUser } from './auth-users';
import { createOperator } from './operators';

/** The contact inbox: messages sent through the public form, answered by e-mail (locally: the local mailbox) or marked handled. */
let operator: TestUser;

beforeAll(async () => {
  operator = await createOperator();
});

async function sendContactMessage(subject = 'Refund question') {
  const email = `sender-${randomUUID()}@example.com`;
  const reply = await post('/contact-us', { name: 'Ada Lovelace', email, subject, message: 'My Shared number did not receive a code.\nCan I close it?' });
  expect(reply.status, JSON.stringify(reply.json)).toBe(201);
  return { id: contactReplySchema.parse(reply.json).id, email };
}

async function tab(status: 'new' | 'handled'): Promise<ContactMessage[]> {
  const all: ContactMessage[] = [];
  let cursor: string | null = null;
  do {
    const reply = await as(operator.idToken).get(`/ops/contact-messages?status=${status}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const page = contactMessagesReplySchema.parse(reply.json);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

async function auditOf(id: string) {
  return auditReplySchema.parse((await as(operator.idToken).get('/ops/audit?limit=200')).json).data.filter((entry) => entry.target.id === id);
}

const unanswered = async () => (await import('@numbernest/core/content')).countUnansweredContactMessages();

describe('GET /api/ops/contact-messages', () => {
  it('shows a message sent through POST /api/contact-us under New, newest first, and counts it', async () => {
    const before = await unanswered();
    const older = await sendContactMessage('First');
    const newer = await sendContactMessage('Second');
    const inbox = await tab('new');
    const ids = inbox.map((m) => m.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(inbox.find((m) => m.id === newer.id)).toMatchObject({
      name: 'Ada Lovelace',
      email: newer.email,
      subject: 'Second',
      status: 'new',
      handled_at: null,
      replies: [],
    });
    // Other files may write to the same inbox meanwhile: at least these two are counted.
    expect(await unanswered()).toBeGreaterThanOrEqual(before + 2);
    expect((await tab('handled')).map((m) => m.id)).not.toContain(newer.id);
  });

  it('defaults to New, pages with a cursor, and refuses an unknown status', async () => {
    await sendContactMessage();
    await sendContactMessage();
    const first = contactMessagesReplySchema.parse((await as(operator.idToken).get('/ops/contact-messages?limit=1')).json);
    expect(first.data[0]!.status).toBe('new');
    expect(first.next_cursor).not.toBeNull();
    const second = contactMessagesReplySchema.parse((await as(operator.idToken).get(`/ops/contact-messages?limit=1&cursor=${first.next_cursor}`)).json);
    expect(second.data[0]!.id < first.data[0]!.id).toBe(true);
    expectFieldErrors(await as(operator.idToken).get('/ops/contact-messages?status=spam'), ['status']);
  });
});

describe('POST /api/ops/contact-messages/{id}/reply', () => {
  it('e-mails the answer to the sender, keeps it with the message, and moves it to Handled', async () => {
    const { id, email } = await sendContactMessage();
    expectFieldErrors(await as(operator.idToken).post(`/ops/contact-messages/${id}/reply`, { body: ' ' }), ['body']);

    const body = 'Yes: close it from Rentals within 20 minutes and the price comes back to your balance.';
    const reply = await as(operator.idToken).post(`/ops/contact-messages/${id}/reply`, { body });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    const message = contactMessageResultSchema.parse(reply.json).data;
    expect(message).toMatchObject({ id, status: 'handled', handled_by: { email: operator.email } });
    expect(message.replies).toEqual([expect.objectContaining({ body, by: expect.objectContaining({ email: operator.email }) })]);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'message', subject: 'Re: Refund question' });
    expect(mails[0]!.message).toContain(body);
    expect(mails[0]!.message).toContain('> My Shared number did not receive a code.');

    expect((await tab('new')).map((m) => m.id)).not.toContain(id);
    expect((await tab('handled')).find((m) => m.id === id)?.replies.map((r) => r.body)).toEqual([body]);

    // A second answer is kept too; the message stays handled.
    const again = await as(operator.idToken).post(`/ops/contact-messages/${id}/reply`, { body: 'One more thing: the refund is automatic.' });
    expect(contactMessageResultSchema.parse(again.json).data.replies).toHaveLength(2);
    expect(await mailsTo(email)).toHaveLength(2);

    const audit = await auditOf(id);
    expect(audit.map((e) => e.action)).toEqual(['contact-message.reply', 'contact-message.reply']);
    expect(audit.at(-1)).toMatchObject({ before: { status: 'new', replies: 0 }, after: { status: 'handled', replies: 1, reply: body } });
  });

  it('answers 404 for an unknown message', async () => {
    expectError(await as(operator.idToken).post('/ops/contact-messages/0000000000aaaaaaaaaa/reply', { body: 'Hello there' }), 404, 'CONTACT_MESSAGE_NOT_FOUND');
  });
});

describe('POST /api/ops/contact-messages/{id}/handled', () => {
  it('moves a message to Handled without an e-mail, once', async () => {
    const { id, email } = await sendContactMessage('Spam');
    const reply = await as(operator.idToken).post(`/ops/contact-messages/${id}/handled`, { reason: 'Spam' });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(contactMessageResultSchema.parse(reply.json).data).toMatchObject({ status: 'handled', replies: [], handled_by: { email: operator.email } });
    expect((await tab('new')).map((m) => m.id)).not.toContain(id);
    expect((await tab('handled')).map((m) => m.id)).toContain(id);
    expect(await mailsTo(email)).toEqual([]);
    expectError(await as(operator.idToken).post(`/ops/contact-messages/${id}/handled`, {}), 409, 'CONTACT_MESSAGE_HANDLED');
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'contact-message.handled', before: { status: 'new' }, after: { status: 'handled' }, reason: 'Spam' });
  });
});
