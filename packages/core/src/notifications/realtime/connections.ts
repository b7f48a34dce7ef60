import type * as z from 'zod/mini';
import { deleteItem, deleteItemReturningOld, putItem, readPartition, transact, txDelete, txPut, updateItem } from '../../shared/db/item';
import { socketByIdItem, socketOfUserItem, socketPrefix } from '../../shared/db/items/sockets';
import type { UserItem } from '../../accounts';
import { moveProfileTimeForward } from '../../accounts';

/**
 * API Gateway ends a WebSocket after 2 hours at most, so a stored socket lives that long past its
 * connect or last ping (DynamoDB's TTL then removes what a lost $disconnect left behind).
 */
export const socketLifetimeSeconds = 2 * 60 * 60;

export type SocketItem = z.infer<typeof socketOfUserItem.schema>;

const expiry = (nowMs: number) => Math.floor(nowMs / 1000) + socketLifetimeSeconds;

/** A socket's item is no longer the one that was read. */
class SocketChanged extends Error {}
const socketChanged = () => new SocketChanged('The socket changed meanwhile');

/** Whether the user may have an open socket now (their profile says until when one can be). */
export const mayHaveOpenSockets = (profile: Pick<UserItem, 'socketsLiveUntil'>, nowMs = Date.now()) =>
  profile.socketsLiveUntil !== undefined && profile.socketsLiveUntil > Math.floor(nowMs / 1000);

/**
 * $connect: the socket under its user (for publish) and under its id (for $disconnect), with when
 * its token's session began; the profile learns it may have one.
 */
export async function saveConnection(connectionId: string, sub: string, nowMs = Date.now(), authenticatedAt?: number): Promise<SocketItem> {
  const item: SocketItem = { connectionId, sub, connectedAt: nowMs, ...(authenticatedAt === undefined ? {} : { authenticatedAt }), expiresAt: expiry(nowMs) };
  await Promise.all([
    // Both or neither: publish lists the first, $disconnect finds the second.
    transact([txPut(socketOfUserItem, item, { onConditionFailed: socketChanged }), txPut(socketByIdItem, item, { onConditionFailed: socketChanged })]),
    moveProfileTimeForward(sub, 'socketsLiveUntil', item.expiresAt),
  ]);
  return item;
}

/**
 * A ping: both items live another 2 hours. The user's item is put whole again, so a socket whose
 * item a publish dropped by mistake is listed again. Undefined when the socket is not stored.
 */
export async function touchConnection(connectionId: string, nowMs = Date.now()): Promise<SocketItem | undefined> {
  const owner = await updateItem(socketByIdItem, { connectionId }, { expiresAt: expiry(nowMs) });
  if (!owner) return undefined;
  await Promise.all([putItem(socketOfUserItem, owner), moveProfileTimeForward(owner.sub, 'socketsLiveUntil', owner.expiresAt)]);
  return owner;
}

/** $disconnect: both items go; the owner's sub is answered (undefined if it was not stored). */
export async function removeConnection(connectionId: string): Promise<string | undefined> {
  const owner = await deleteItemReturningOld(socketByIdItem, { connectionId });
  if (owner) await deleteItem(socketOfUserItem, owner);
  return owner?.sub;
}

/**
 * The user's open sockets (those whose TTL has not passed: DynamoDB deletes expired items late).
 * `consistent`: a socket saved a moment ago is listed too (what closing them all needs).
 */
export async function connectionsOf(sub: string, nowMs = Date.now(), consistent = false): Promise<SocketItem[]> {
  const now = Math.floor(nowMs / 1000);
  const sockets = await readPartition(socketOfUserItem, { sub, connectionId: '' }, { skPrefix: socketPrefix, consistent, schemaOnly: true });
  return sockets.filter((socket) => socket.expiresAt > now);
}

/**
 * A post answered 410 Gone: the socket closed without its $disconnect being seen (or it has not
 * finished connecting: API Gateway answers 410 then too, so a socket younger than `graceMs` is kept).
 * Both items go, only if they are still the ones that were read.
 */
export async function forgetGoneConnection(socket: SocketItem, graceMs = 10_000, nowMs = Date.now()): Promise<boolean> {
  if (nowMs - socket.connectedAt < graceMs) return false;
  // The user's item only if it is still the socket that was read (else it changed meanwhile: leave both).
  const same = { when: { connectedAt: { equals: socket.connectedAt } }, onConditionFailed: socketChanged };
  try {
    await transact([txDelete(socketOfUserItem, socket, same), txDelete(socketByIdItem, socket, { onConditionFailed: socketChanged })]);
    return true;
  } catch (error) {
    if (error instanceof SocketChanged) return false;
    throw error;
  }
}
