import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, failedCondition, queryAll, tableName, transactWrite } from '../../shared/db';
import type { UserItem } from '../../accounts';
import { userPartition, moveProfileTimeForward } from '../../accounts';
import { socketKeys } from './keys';

/**
 * API Gateway ends a WebSocket after 2 hours at most, so a stored socket lives that long past its
 * connect or last ping (DynamoDB's TTL then removes what a lost $disconnect left behind).
 */
export const socketLifetimeSeconds = 2 * 60 * 60;

export interface SocketItem {
  connectionId: string;
  sub: string;
  /** Epoch milliseconds of the $connect. */
  connectedAt: number;
  /**
   * When the session of the token it connected with began (epoch seconds: `auth_time`, else `iat`),
   * checked against the profile's `tokensValidAfter` by publish and pings. Absent: counts as revoked.
   */
  authenticatedAt?: number;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

const expiry = (nowMs: number) => Math.floor(nowMs / 1000) + socketLifetimeSeconds;

const socketItems = (item: SocketItem) => [
  { ...socketKeys.ofUser(item.sub, item.connectionId), ...item },
  { ...socketKeys.owner(item.connectionId), ...item },
];

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
    transactWrite(socketItems(item).map((Item) => ({ Put: { TableName: tableName(), Item } }))),
    moveProfileTimeForward(sub, 'socketsLiveUntil', item.expiresAt),
  ]);
  return item;
}

/**
 * A ping: both items live another 2 hours. The user's item is put whole again, so a socket whose
 * item a publish dropped by mistake is listed again. Undefined when the socket is not stored.
 */
export async function touchConnection(connectionId: string, nowMs = Date.now()): Promise<SocketItem | undefined> {
  let owner: SocketItem;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: socketKeys.owner(connectionId),
        UpdateExpression: 'SET expiresAt = :expires',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':expires': expiry(nowMs) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    owner = pickSocket(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  await Promise.all([
    db.send(new PutCommand({ TableName: tableName(), Item: socketItems(owner)[0] })),
    moveProfileTimeForward(owner.sub, 'socketsLiveUntil', owner.expiresAt),
  ]);
  return owner;
}

/** $disconnect: both items go; the owner's sub is answered (undefined if it was not stored). */
export async function removeConnection(connectionId: string): Promise<string | undefined> {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: socketKeys.owner(connectionId), ReturnValues: 'ALL_OLD' }));
  const sub = (Attributes as SocketItem | undefined)?.sub;
  if (sub) await db.send(new DeleteCommand({ TableName: tableName(), Key: socketKeys.ofUser(sub, connectionId) }));
  return sub;
}

/**
 * The user's open sockets (those whose TTL has not passed: DynamoDB deletes expired items late).
 * `consistent`: a socket saved a moment ago is listed too (what closing them all needs).
 */
export function connectionsOf(sub: string, nowMs = Date.now(), consistent = false): Promise<SocketItem[]> {
  return queryAll<SocketItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': socketKeys.prefix, ':now': Math.floor(nowMs / 1000) },
    ProjectionExpression: 'connectionId, #sub, connectedAt, authenticatedAt, expiresAt',
    ExpressionAttributeNames: { '#sub': 'sub' },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
}

/**
 * A post answered 410 Gone: the socket closed without its $disconnect being seen (or it has not
 * finished connecting: API Gateway answers 410 then too, so a socket younger than `graceMs` is kept).
 * Both items go, only if they are still the ones that were read.
 */
export async function forgetGoneConnection(socket: SocketItem, graceMs = 10_000, nowMs = Date.now()): Promise<boolean> {
  if (nowMs - socket.connectedAt < graceMs) return false;
  const condition = { ConditionExpression: 'connectedAt = :connected', ExpressionAttributeValues: { ':connected': socket.connectedAt } };
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: socketKeys.ofUser(socket.sub, socket.connectionId), ...condition } },
      { Delete: { TableName: tableName(), Key: socketKeys.owner(socket.connectionId) } },
    ]);
    return true;
  } catch (error) {
    if (failedCondition(error)) return false; // the user's item changed meanwhile: leave it
    throw error;
  }
}

const pickSocket = (item: Record<string, unknown>): SocketItem => ({
  connectionId: String(item.connectionId),
  sub: String(item.sub),
  connectedAt: Number(item.connectedAt),
  ...(typeof item.authenticatedAt === 'number' ? { authenticatedAt: item.authenticatedAt } : {}),
  expiresAt: Number(item.expiresAt),
});
