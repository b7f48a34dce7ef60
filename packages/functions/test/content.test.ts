import './api'; // first: points this process at the local cloud
import { blogListReplySchema, blogPostReplySchema, contactReplySchema } from '@numbernest/contracts';
import { catalogFixture as f, seedCounts } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, get, post } from './api';

describe('GET /api/blogs', () => {
  it('lists post summaries, newest first, without bodies', async () => {
    const reply = await get('/blogs');
    expect(reply.status).toBe(200);
    const { data } = blogListReplySchema.parse(reply.json);
    expect(data).toHaveLength(seedCounts.blogPosts);
    expect(data[0]!.id).toBe(f.newestBlogPostId);
    const dates = data.map((p) => p.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of (reply.json as { data: object[] }).data) expect(post).not.toHaveProperty('body');
  });
});

describe('GET /api/blogs/{id}', () => {
  it('returns the whole post in both languages', async () => {
    const reply = await get(`/blogs/${f.newestBlogPostId}`);
    expect(reply.status).toBe(200);
    const { data } = blogPostReplySchema.parse(reply.json);
    expect(data.id).toBe(f.newestBlogPostId);
    expect(data.body.en.length).toBeGreaterThan(0);
    expect(data.body.ru.length).toBe(data.body.en.length);
    expect(data.cover).toBe(`/images/blog/${data.slug}.svg`);
  });

  it('404s an unknown post', async () => {
    expectError(await get(`/blogs/${f.unknownBlogPostId}`), 404);
  });

  it.each(['0', '-3', 'latest', '2.5', '10000000000'])('400s the id %j', async (id) => {
    expectFieldErrors(await get(`/blogs/${id}`), ['id']);
  });
});

describe('POST /api/contact-us', () => {
  const valid = {
    name: '  Ada Lovelace ',
    email: 'ada@example.com',
    subject: 'Refund question',
    message: 'My Shared number did not receive a code. Can I close it?',
  };

  it('stores the message with status new and answers 201 with its id', async () => {
    const reply = await post('/contact-us', valid);
    expect(reply.status).toBe(201);
    const { id, message } = contactReplySchema.parse(reply.json);
    expect(message).toMatch(/sent/i);

    const { getContactMessage } = await import('@numbernest/core/content');
    const stored = await getContactMessage(id);
    expect(stored).toMatchObject({ id, status: 'new', name: 'Ada Lovelace', email: valid.email, subject: valid.subject, message: valid.message });
    expect(Date.parse(stored.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives every message its own id', async () => {
    const [a, b] = await Promise.all([post('/contact-us', valid), post('/contact-us', valid)]);
    expect(contactReplySchema.parse(a.json).id).not.toBe(contactReplySchema.parse(b.json).id);
  });

  it('400s an empty body with every field', async () => {
    const error = expectFieldErrors(await post('/contact-us', '', { raw: true }), ['name', 'email', 'subject', 'message']);
    expect(error.errors?.email).toEqual(['Required.']);
  });

  it('400s malformed JSON', async () => {
    expect(expectError(await post('/contact-us', "{name: 'x'}", { raw: true }), 400).message).toBe('Malformed JSON body');
  });

  it.each([
    ['name too short', { name: ' A ' }, ['name'], 'Must have at least 2 characters.'],
    ['name too long', { name: 'x'.repeat(101) }, ['name'], 'Must have up to 100 characters.'],
    ['bad email', { email: 'ada@' }, ['email'], 'Invalid email.'],
    ['email not text', { email: 42 }, ['email'], 'Must be text.'],
    ['subject too short', { subject: 'Hi' }, ['subject'], 'Must have at least 3 characters.'],
    // A line break would reach the operator's reply e-mail as a header of its own.
    ['a subject with CR/LF', { subject: 'Refund\r\nBcc: everyone@example.com' }, ['subject'], 'Must not contain control characters.'],
    ['message only spaces', { message: ' '.repeat(50) }, ['message'], 'Must have at least 10 characters.'],
    ['message too long', { message: 'x'.repeat(5001) }, ['message'], 'Must have up to 5000 characters.'],
    ['an extra field', { phone: '+1555' }, ['phone'], 'Unknown field.'],
  ])('400s %s', async (_case, change, fields, text) => {
    const error = expectFieldErrors(await post('/contact-us', { ...valid, ...change }), fields);
    expect(error.errors?.[fields[0]!]).toEqual([text]);
  });
});
