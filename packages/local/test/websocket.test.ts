/**
 * Push over the WebSocket API, end to end on the local cloud: the local gateway's upgrade runs the
 * real $connect / $default / $disconnect handlers, and core's publish reaches the socket through
 * the management endpoint with the real SDK client (as on AWS, only the endpoint differs).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { pushEventSchema, socketPong, type PushEvent, NumberType } from '@numbernest/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { apiUrl, send } from '../../functions/test/api'; // first: points this process at the local cloud (before core is imported)
import { openOffer, ownNumbers } from '../../functions/test/own-numbers';
import {
  as,
  createTestUser,
  expired,
  resetPassword,
  resigned,
  signIn,
  tampered,
  tokensOfAnotherClient,
  setBalanceCents,
  type TestUser,
} from '../../functions/test/auth-users';

const socketUrl = `${apiUrl.replace(/^http/, 'ws')}/_local/ws`;
const core = () => import('@numbernest/core/notifications');
const dbModule = () => import('@numbernest/core/db');

/** Every push frame a tab got is one the contract describes (the web drops any other). */
function expectContractFrames(tab: Tab): void {
  const pushes = tab.frames.filter((f) => (f as { type?: string }).type !== socketPong.type);
  expect(pushes.length).toBeGreaterThan(0);
  for (const frame of pushes) expect(pushEventSchema.safeParse(frame).error?.issues, JSON.stringify(frame)).toBeUndefined();
}

/** A test tab: the frames it received, and a wait for the next one that matches. */
class Tab {
  readonly frames: unknown[] = [];
  private waiters: Array<{ match: (frame: unknown) => boolean; resolve: (frame: unknown) => void }> = [];
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as unknown;
      this.frames.push(frame);
      const waiter = this.waiters.find((w) => w.match(frame));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  static open(token: string): Promise<Tab> {
    const socket = new WebSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Tab(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** The next frame (already received or to come) that `match` accepts, within `ms`. */
  next<T = unknown>(match: (frame: T) => boolean, ms = 1_000): Promise<T> {
    const seen = this.frames.find((f) => match(f as T));
    if (seen) return Promise.resolve(seen as T);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`)), ms);
      this.waiters.push({ match: (f) => match(f as T), resolve: (f) => (clearTimeout(timer), resolve(f as T)) });
    });
  }

  close(): Promise<number> {
    this.socket.close();
    return this.closed;
  }
}

/** The HTTP status a handshake is refused with (fails if it opens). */
function refusal(query: string): Promise<number> {
  const socket = new WebSocket(`${socketUrl}${query}`);
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the socket opened'));
    });
    socket.once('error', () => undefined);
  });
}

async function ownerItem(connectionId: string) {
  const { db, tableName } = await dbModule();
  const { socketKeys } = await core();
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: socketKeys.owner(connectionId), ConsistentRead: true }));
  return Item;
}

async function userItem(sub: string, connectionId: string) {
  const { db, tableName } = await dbModule();
  const { socketKeys } = await core();
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: socketKeys.ofUser(sub, connectionId), ConsistentRead: true }));
  return Item;
}

async function socketsOf(sub: string): Promise<string[]> {
  return (await (await core()).connectionsOf(sub)).map((s) => s.connectionId);
}

async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tabs: Tab[] = [];
const openTab = async (token: string) => {
  const tab = await Tab.open(token);
  tabs.push(tab);
  return tab;
};
afterEach(async () => {
  await Promise.all(tabs.splice(0).map((tab) => (tab.socket.readyState === WebSocket.OPEN ? tab.close() : undefined)));
});

/** A distinct event per use (the balance is only a marker here). */
let marker = 0;
const someEvent = (): PushEvent => ({ type: 'balance', balance: 1000 + ++marker });
const sameAs = (event: PushEvent) => (frame: unknown) => JSON.stringify(frame) === JSON.stringify(event);

describe('WebSocket push (local API Gateway WebSocket + core publish)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
    expect((await as(user.idToken).get('/user')).status).toBe(200); // the profile exists
  });

  it('connects with an id token, stores the socket twice, and a publish reaches it within 1 s', async () => {
    const tab = await openTab(user.idToken);
    const [connectionId] = await socketsOf(user.sub);
    expect(connectionId).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    expect(await ownerItem(connectionId!)).toMatchObject({ sub: user.sub, connectionId, expiresAt: expect.any(Number) });
    const stored = await userItem(user.sub, connectionId!);
    expect(stored!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 7000); // ~2 h TTL

    const event = someEvent();
    const started = Date.now();
    await (await core()).publish(user.sub, event);
    expect(await tab.next(sameAs(event))).toEqual(event);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('accepts an access token too, and every open tab of the user gets the event', async () => {
    const other = await createTestUser();
    const [a, b] = await Promise.all([openTab(other.idToken), openTab(other.accessToken)]);
    expect(await socketsOf(other.sub)).toHaveLength(2);
    const event = someEvent();
    await (await core()).publish(other.sub, event);
    await Promise.all([a.next(sameAs(event)), b.next(sameAs(event))]);
    expect(user.sub).not.toBe(other.sub);
  });

  it('refuses a missing, garbage, tampered, expired or other-client token with 401 and stores nothing', async () => {
    const stranger = await createTestUser();
    const otherClient = await tokensOfAnotherClient(stranger);
    const statuses = await Promise.all([
      refusal(''),
      refusal('?token='),
      refusal('?token=not-a-jwt'),
      refusal(`?token=${tampered(stranger.idToken, { sub: user.sub })}`),
      refusal(`?token=${expired(stranger.idToken)}`),
      refusal(`?token=${otherClient.idToken}`),
      refusal(`?token=${otherClient.accessToken}`),
      refusal(`?token=${resigned(stranger.idToken, { iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other' })}`),
    ]);
    expect(statuses).toEqual(Array(8).fill(401));
    expect(await socketsOf(stranger.sub)).toEqual([]);
    // The same token, untouched, is fine.
    await openTab(stranger.idToken);
    expect(await socketsOf(stranger.sub)).toHaveLength(1);
  });

  it('refuses a deleted account with 403 (its tokens stay valid until they expire)', async () => {
    const leaving = await createTestUser();
    expect((await as(leaving.idToken).delete('/user')).status).toBe(200);
    expect(await refusal(`?token=${leaving.idToken}`)).toBe(403);
    expect(await socketsOf(leaving.sub)).toEqual([]);
  });

  it('refuses a token of a session that has ended (logout) with 401; a new sign-in connects', async () => {
    const leaving = await createTestUser();
    expect((await as(leaving.idToken).post('/logout')).status).toBe(200);
    expect(await refusal(`?token=${leaving.idToken}`)).toBe(401);
    expect(await refusal(`?token=${leaving.accessToken}`)).toBe(401);
    expect(await socketsOf(leaving.sub)).toEqual([]);
    await openTab((await signIn(leaving)).idToken);
    expect(await socketsOf(leaving.sub)).toHaveLength(1);
  });

  it('answers a ping with a pong and keeps the socket another 2 hours', async () => {
    const tab = await openTab(user.idToken);
    const connectionId = (await socketsOf(user.sub)).at(-1)!;
    const { db, tableName } = await dbModule();
    const { socketKeys } = await core();
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: socketKeys.owner(connectionId),
        UpdateExpression: 'SET expiresAt = :soon',
        ExpressionAttributeValues: { ':soon': Math.floor(Date.now() / 1000) + 60 },
      }),
    );

    tab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await tab.next((f: { type?: string }) => f.type === 'pong')).toEqual({ type: 'pong' });
    expect((await ownerItem(connectionId))!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 7000);
    expect((await userItem(user.sub, connectionId))!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 7000);
    tab.socket.send('not json'); // ignored, the socket stays
    tab.socket.send(JSON.stringify({ type: 'ping' }));
    await eventually(async () => tab.frames.filter((f) => (f as { type?: string }).type === 'pong').length === 2, 1_000);
  });

  it('the profile says until when a socket can be open: set by $connect, moved on by a ping, never back', async () => {
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    const profile = async () => {
      const { db, tableName } = await dbModule();
      const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${someone.sub}`, sk: 'PROFILE' }, ConsistentRead: true }));
      return Item as { socketsLiveUntil?: number };
    };
    const { mayHaveOpenSockets, saveConnection, touchConnection } = await core();
    expect(mayHaveOpenSockets(await profile())).toBe(false); // never connected

    await openTab(someone.idToken);
    const first = (await profile()).socketsLiveUntil!;
    expect(first).toBeGreaterThan(Date.now() / 1000 + 7000);
    expect(mayHaveOpenSockets(await profile())).toBe(true);
    expect(mayHaveOpenSockets(await profile(), (first + 1) * 1000)).toBe(false);

    await saveConnection('olderConnectn0=', someone.sub, Date.now() - 3_600_000); // an older expiry does not move it back
    expect((await profile()).socketsLiveUntil).toBe(first);
    const touched = await touchConnection('olderConnectn0=', Date.now() + 60_000);
    expect((await profile()).socketsLiveUntil).toBe(touched!.expiresAt);
    expect(touched!.expiresAt - first).toBeGreaterThanOrEqual(60); // 61 when a second began since the connect
  });

  it('closing the socket removes both of its items', async () => {
    const someone = await createTestUser();
    const tab = await openTab(someone.idToken);
    const [connectionId] = await socketsOf(someone.sub);
    await tab.close();
    await eventually(async () => !(await ownerItem(connectionId!)) && !(await userItem(someone.sub, connectionId!)));
    expect(await socketsOf(someone.sub)).toEqual([]);
  });

  it('a publish forgets a connection that is gone (410), keeps a just-connected one, and still reaches the live tab', async () => {
    const someone = await createTestUser();
    const tab = await openTab(someone.idToken);
    const { saveConnection, publish } = await core();
    await saveConnection('goneConnection0=', someone.sub, Date.now() - 60_000);
    await saveConnection('youngConnectn0=', someone.sub); // 410 while it is still connecting: kept
    expect(await socketsOf(someone.sub)).toHaveLength(3);

    const event = someEvent();
    await publish(someone.sub, event);
    await tab.next(sameAs(event));
    expect(await ownerItem('goneConnection0=')).toBeUndefined();
    expect(await userItem(someone.sub, 'goneConnection0=')).toBeUndefined();
    expect(await ownerItem('youngConnectn0=')).toBeDefined();
    expect(await socketsOf(someone.sub)).toHaveLength(2);
  });

  it('a ledger change pushes the new balance, and notify pushes the notification', async () => {
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    const tab = await openTab(someone.idToken);

    await setBalanceCents(someone.sub, 1234);
    expect(await tab.next((f: { type?: string }) => f.type === 'balance')).toEqual({ type: 'balance', balance: 12.34 });

    const { notify } = await import('@numbernest/core/notifications');
    const stored = await notify(someone.sub, { title: 'Hello', message: 'Pushed', kind: 'test' });
    const pushed = await tab.next((f: { type?: string }) => f.type === 'notification');
    expect(pushed).toEqual({
      type: 'notification',
      notification: { id: stored.id, read_at: null, created_at: stored.createdAt, data: { title: 'Hello', message: 'Pushed', kind: 'test' } },
    });
    expectContractFrames(tab);
  });

  it('buying and closing a rental through the API pushes the rental and the balance each time', async () => {
    const { rentalPrice } = await import('@numbernest/core/pricing');
    // Shared: closed at once, it is refunded (an activation cannot be cancelled in its first two minutes).
    // A number of this file's own (own-numbers.ts): no other test file holds it.
    const offer = openOffer();
    const price = rentalPrice(offer, 1).totalCents;
    const [number] = await ownNumbers(NumberType.Shared, offer.countryId);
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    await setBalanceCents(someone.sub, price + 100);
    const tab = await openTab(someone.idToken);

    const bought = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${someone.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ mobile_number_type_id: 1, mobile_number_id: number!.numberId, service_provider_id: offer.serviceId, rent_time_id: 1 }),
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const rental = (bought.json as { data: { id: string } }).data;
    expect(
      await tab.next((f: { type?: string; rental?: { id: string; status: string } }) => f.type === 'rental' && f.rental?.status === 'active'),
    ).toMatchObject({
      rental: { id: rental.id, number: number!.e164 },
    });
    expect(await tab.next((f: { type?: string; balance?: number }) => f.type === 'balance' && f.balance === 1)).toBeTruthy();

    expect((await as(someone.idToken).post(`/user/rentals/${rental.id}/close`)).status).toBe(200);
    expect(await tab.next((f: { type?: string; rental?: { status: string } }) => f.type === 'rental' && f.rental?.status === 'inactive')).toMatchObject({
      rental: { id: rental.id, ended: 'refunded' },
    });
    await tab.next((f: { type?: string; balance?: number }) => f.type === 'balance' && f.balance === (price + 100) / 100);
    expectContractFrames(tab);
  });

  it('an SMS to a rental pushes the message with the rental, in the contract’s shape', async () => {
    const { seedCatalog } = await import('@numbernest/core/seed');
    const { rentalPrice } = await import('@numbernest/core/pricing');
    const google = seedCatalog.services.find((s) => s.slug === 'google')!;
    const offers = seedCatalog.offers.filter((o) => o.serviceId === google.id);
    const offer = offers[marker % offers.length]!;
    const numbers = seedCatalog.numbers.filter((n) => n.countryId === offer.countryId && n.typeId === 1);
    const number = numbers[Math.floor(Math.random() * numbers.length)]!;
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    await setBalanceCents(someone.sub, rentalPrice(offer, 1).totalCents);
    const bought = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${someone.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ mobile_number_type_id: 1, mobile_number_id: number.numberId, service_provider_id: offer.serviceId, rent_time_id: 1 }),
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const tab = await openTab(someone.idToken);

    // Through the local SMS sandbox, which posts it as the number's own upstream would.
    const body = `G-${100000 + marker} is your Google verification code`;
    const sms = await fetch(`${apiUrl}/_local/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: number.e164, from: 'Google', body }),
    });
    expect(sms.status, await sms.clone().text()).toBe(200);
    const pushed = await tab.next((f: { type?: string }) => f.type === 'message', 5_000);
    expect(pushed).toMatchObject({ type: 'message', message: { body, box: 'inbox' }, rental: { number: number.e164, messages_count: 1 } });
    expectContractFrames(tab);
  });

  it('the management endpoint answers 410 for unknown ids and closes a socket on DELETE (which runs $disconnect)', async () => {
    const { managementEndpoint, postToConnection, closeConnection } = await core();
    const endpoint = managementEndpoint()!;
    expect(endpoint).toBe(`${apiUrl}/_local/ws-management`);
    expect(await postToConnection(endpoint, 'noSuchConnect0=', '{}')).toBe('gone');

    const someone = await createTestUser();
    const tab = await openTab(someone.idToken);
    const [connectionId] = await socketsOf(someone.sub);
    const info = await fetch(`${endpoint}/@connections/${encodeURIComponent(connectionId!)}`);
    expect(await info.json()).toMatchObject({ ConnectedAt: expect.any(String), Identity: { SourceIp: expect.any(String) } });
    await closeConnection(endpoint, connectionId!);
    expect(await tab.closed).toBe(1000);
    await eventually(async () => (await socketsOf(someone.sub)).length === 0);
  });

  it('publish never throws: no sockets is nothing to do, an endpoint that is down is only logged', async () => {
    const { publish, saveConnection } = await core();
    await expect(publish('no-such-user', someEvent())).resolves.toBeUndefined();

    const someone = await createTestUser();
    await saveConnection('downEndpoint00=', someone.sub, Date.now() - 60_000);
    const { Resource } = await import('sst/resource');
    const realtime = Resource.Realtime;
    const original = realtime.managementEndpoint;
    // The logger writes its lines to the stream itself (packages/core/src/shared/log).
    const logged = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    realtime.managementEndpoint = 'http://127.0.0.1:9/_local/ws-management'; // nothing listens there
    try {
      await expect(publish(someone.sub, someEvent())).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('"message":"Push failed"'));
    } finally {
      realtime.managementEndpoint = original;
      logged.mockRestore();
    }
    expect(await socketsOf(someone.sub)).toEqual(['downEndpoint00=']); // not gone: only unreachable
  });

  it('other upgrade paths are not taken', async () => {
    const socket = new WebSocket(`${socketUrl.replace('/_local/ws', '/_local/other')}`);
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});

describe('revocation reaches the sockets', () => {
  /** Sessions end within a second of the call (revokeTokens waits for the next whole second), then the sockets close. */
  const closeWithin = (tab: Tab, ms = 3_000) =>
    Promise.race([tab.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);

  it('logout closes every open socket of the user at once, this session and the others, and they cannot come back', async () => {
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    const phone = await signIn(someone);
    const tabs = [await openTab(someone.idToken), await openTab(someone.accessToken), await openTab(phone.idToken)];
    const bystander = await openTab((await createTestUser()).idToken);
    expect(await socketsOf(someone.sub)).toHaveLength(3);

    expect((await as(someone.idToken).post('/logout')).status).toBe(200);
    for (const tab of tabs) expect(await closeWithin(tab)).toBe(1000);
    await eventually(async () => (await socketsOf(someone.sub)).length === 0);
    expect(await refusal(`?token=${phone.idToken}`)).toBe(401);
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN); // another user's tab is untouched
  });

  it('a password reset ("forgot password", the PostConfirmation trigger cognito-local runs) closes them too', async () => {
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    const tab = await openTab(someone.idToken);
    await resetPassword(someone);
    expect(await closeWithin(tab)).toBe(1000);
    await eventually(async () => (await socketsOf(someone.sub)).length === 0);
  });

  it('deleting the account closes them too', async () => {
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    const tab = await openTab(someone.idToken);
    expect((await as(someone.idToken).delete('/user')).status).toBe(200);
    expect(await closeWithin(tab)).toBe(1000);
  });

  /** A user with a tab of an old session (signed in 100 s ago) and one of a new session, then a revocation between the two (no sockets closed by it). */
  async function oldAndNewTab() {
    const someone = await createTestUser();
    expect((await as(someone.idToken).get('/user')).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const oldTab = await openTab(resigned(someone.idToken, { auth_time: now - 100, iat: now - 100 }));
    const newTab = await openTab(someone.idToken);
    const { db, tableName } = await dbModule();
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `USER#${someone.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET tokensValidAfter = :t',
        ExpressionAttributeValues: { ':t': now - 50 },
      }),
    );
    return { someone, oldTab, newTab };
  }

  it('stores when the session of each socket began', async () => {
    const { someone } = await oldAndNewTab();
    const sessions = (await (await core()).connectionsOf(someone.sub)).map((s) => s.authenticatedAt).sort();
    const now = Math.floor(Date.now() / 1000);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toBeLessThanOrEqual(now - 100);
    expect(sessions[1]).toBeGreaterThan(now - 50);
  });

  it('publish sends nothing to a socket whose session ended before the revocation, and closes it; a newer session still gets it', async () => {
    const { someone, oldTab, newTab } = await oldAndNewTab();
    const event = someEvent();
    await (await core()).publish(someone.sub, event);
    await newTab.next(sameAs(event));
    expect(await closeWithin(oldTab)).toBe(1000);
    expect(oldTab.frames).toEqual([]);
    await eventually(async () => (await socketsOf(someone.sub)).length === 1);
  });

  it('a ping from a revoked socket closes it instead of a pong', async () => {
    const { oldTab, newTab } = await oldAndNewTab();
    oldTab.socket.send(JSON.stringify({ type: 'ping' }));
    newTab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await newTab.next((f: { type?: string }) => f.type === 'pong')).toEqual({ type: 'pong' });
    expect(await closeWithin(oldTab)).toBe(1000);
    expect(oldTab.frames).toEqual([]);
  });
});
