import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { notificationsReplySchema, statusReplySchema, type NotificationPage } from '@numbernest/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors } from './api';
import { as, createTestUser, type TestUser } from './auth-users';

const core = () => import('@numbernest/core/notifications');

/** A verified user whose account exists (made by a first GET /api/user). */
async function newUser(): Promise<TestUser> {
  const user = await createTestUser();
  expect((await as(user.idToken).get('/user')).status).toBe(200);
  return user;
}

async function page(user: TestUser, n?: number): Promise<NotificationPage> {
  const reply = await as(user.idToken).get(n === undefined ? '/user/notifications' : `/user/notifications?page=${n}`);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return notificationsReplySchema.parse(reply.json).data;
}

async function notifyMany(sub: string, count: number): Promise<void> {
  const { notify } = await core();
  for (let i = 1; i <= count; i++) await notify(sub, { title: `Title ${i}`, message: `Message number ${i}` });
}

describe('GET /api/user/notifications', () => {
  it('starts as an empty page 0 of 20 with nothing unread', async () => {
    const user = await newUser();
    const reply = await as(user.accessToken).get('/user/notifications');
    expect(reply.json).toEqual({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } });
  });

  it('pages 45 notifications newest first: 20, 20, 5, then an empty page', async () => {
    const user = await newUser();
    await notifyMany(user.sub, 45);
    const pages = [await page(user), await page(user, 1), await page(user, 2), await page(user, 3)];
    expect(pages.map((p) => [p.current_page, p.data.length, p.next_page])).toEqual([
      [0, 20, 1],
      [1, 20, 2],
      [2, 5, null],
      [3, 0, null],
    ]);
    const all = pages.flatMap((p) => p.data);
    expect(all.map((n) => n.data.title)).toEqual(Array.from({ length: 45 }, (_, i) => `Title ${45 - i}`));
    expect(new Set(all.map((n) => n.id)).size).toBe(45);
    for (const p of pages) expect(p.unread_count).toBe(45);
    expect(all[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/),
      read_at: null,
      created_at: all[0]!.created_at,
      data: { title: 'Title 45', message: 'Message number 45' },
    });
    expect(Date.parse(all[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('says there is no next page when the last page is exactly full', async () => {
    const user = await newUser();
    await notifyMany(user.sub, 20);
    expect(await page(user)).toMatchObject({ next_page: null, unread_count: 20 });
  });

  it.each([['-1'], ['abc'], ['1.5'], ['50'], ['1e9'], ['']])('400s page=%j', async (value) => {
    const user = await newUser();
    expectFieldErrors(await as(user.idToken).get(`/user/notifications?page=${value}`), ['page']);
  });

  it('400s an unknown query parameter', async () => {
    const user = await newUser();
    expectFieldErrors(await as(user.idToken).get('/user/notifications?per_page=1000'), ['per_page']);
  });
});

describe('POST /api/user/notification/read', () => {
  let user: TestUser;
  let first: NotificationPage;
  beforeAll(async () => {
    user = await newUser();
    await notifyMany(user.sub, 3);
    first = await page(user);
  });

  it('marks one read, lowers the unread count by one, and is idempotent', async () => {
    const target = first.data[1]!;
    const reply = await as(user.idToken).post('/user/notification/read', { id: target.id });
    expect(statusReplySchema.parse(reply.json)).toEqual({ status: 'success', message: 'Notification marked as read' });
    const after = await page(user);
    expect(after.unread_count).toBe(2);
    const read = after.data.find((n) => n.id === target.id)!;
    expect(Date.parse(read.read_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.data.filter((n) => n.read_at === null)).toHaveLength(2);

    const again = await as(user.accessToken).post('/user/notification/read', { id: target.id });
    expect(again.status).toBe(200);
    const still = await page(user);
    expect(still.unread_count).toBe(2);
    expect(still.data.find((n) => n.id === target.id)!.read_at).toBe(read.read_at);
  });

  it('counts exactly once when the same notification is read 5 times at once', async () => {
    const target = first.data[2]!;
    const before = (await page(user)).unread_count;
    const replies = await Promise.all(Array.from({ length: 5 }, () => as(user.idToken).post('/user/notification/read', { id: target.id })));
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect((await page(user)).unread_count).toBe(before - 1);
  });

  it("404s an id that is not one of the caller's notifications", async () => {
    expectError(await as(user.idToken).post('/user/notification/read', { id: `0${randomUUID().replace(/-/g, '')}` }), 404);
  });

  it.each([
    ['no id', {}, 'Required.'],
    ['an empty id', { id: '' }, 'Invalid format.'],
    ['an id with other characters', { id: 'NOTIFICATION#abc' }, 'Invalid format.'],
    ['a numeric id', { id: 12 }, 'Must be text.'],
    ['an overlong id', { id: 'a'.repeat(65) }, 'Invalid format.'],
  ])('400s %s', async (_case, body, message) => {
    const error = expectFieldErrors(await as(user.idToken).post('/user/notification/read', body), ['id']);
    expect(error.errors?.id).toEqual([message]);
  });

  it('400s an extra field', async () => {
    expectFieldErrors(await as(user.idToken).post('/user/notification/read', { id: first.data[0]!.id, user_id: 'x' }), ['user_id']);
  });
});

describe('POST /api/user/notification/read/all', () => {
  it('marks every unread notification read, across pages, and says so', async () => {
    const user = await newUser();
    await notifyMany(user.sub, 25);
    const reply = await as(user.idToken).post('/user/notification/read/all');
    expect(statusReplySchema.parse(reply.json)).toEqual({ status: 'success', message: 'All notifications marked as read' });
    const pages = [await page(user), await page(user, 1)];
    expect(pages[0]!.unread_count).toBe(0);
    for (const n of pages.flatMap((p) => p.data)) expect(n.read_at).not.toBeNull();

    expect((await as(user.idToken).post('/user/notification/read/all')).status).toBe(200);
    expect((await page(user)).unread_count).toBe(0);
  });

  it('keeps the count exact when more than one transaction is needed and new ones arrive meanwhile', async () => {
    const user = await newUser();
    const { markAllRead, notify } = await core();
    await Promise.all(Array.from({ length: 4 }, () => notifyMany(user.sub, 30))); // 120: two transactions to read all
    expect((await page(user)).unread_count).toBe(120);
    const [marked] = await Promise.all([markAllRead(user.sub), notify(user.sub, { title: 'Late', message: 'Arrives during read-all' })]);
    const unread = (await page(user)).unread_count;
    expect(marked + unread).toBe(121);
    expect(unread).toBeLessThanOrEqual(1);
  });
});

describe('notify (core, for later features)', () => {
  it('counts every one of 20 concurrent notifications', async () => {
    const user = await newUser();
    const { notify } = await core();
    await Promise.all(Array.from({ length: 20 }, (_, i) => notify(user.sub, { title: `Parallel ${i}`, message: 'At the same time' })));
    const first = await page(user);
    expect(first.unread_count).toBe(20);
    expect(first.data).toHaveLength(20);
  });

  it('refuses a user that does not exist, and an empty title or message', async () => {
    const { notify } = await core();
    const { NotFoundError, ValidationError } = await import('@numbernest/core/errors');
    await expect(notify(randomUUID(), { title: 'Hello', message: 'Nobody home' })).rejects.toBeInstanceOf(NotFoundError);
    const user = await newUser();
    await expect(notify(user.sub, { title: ' ', message: 'x' })).rejects.toBeInstanceOf(ValidationError);
    expect((await page(user)).unread_count).toBe(0);
  });
});
