import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, failedCondition, putNew, queryAll, queryPartition, tableName, transactWrite, withoutKeys } from '../../shared/db';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { AccountDeletedError, userKeys, userPartition, findUser } from '../../accounts';
import type { UserItem } from '../../accounts';

/**
 * API keys of the SMS-Activate-compatible handler_api (keys: docs/access-patterns.md). A key is shown
 * once; only its SHA-256 is kept, and found by it with one GetItem per request. The profile's
 * `liveApiKeys` counts live keys, so the create transaction can hold them to 5.
 *
 * Keys: `nn_` + 32 base62 characters from crypto.randomBytes (~190 bits). Never logged.
 */
export const maxLiveKeys = 5;
const prefix = 'nn_';
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const keyPattern = /^nn_[0-9A-Za-z]{32}$/;
/** lastUsedAt is written at most this often per key (a poller calls getStatus many times a second). */
const lastUsedEveryMs = 60_000;

export const apiKeyKeys = {
  byHash: (hash: string) => ({ pk: `API_KEY#${hash}`, sk: 'API_KEY' }),
  ofUser: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `APIKEY#${id}` }),
  userPrefix: 'APIKEY#',
};

export interface ApiKeyItem {
  id: string;
  sub: string;
  name: string;
  hash: string;
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

export interface ApiKeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export const toApiKeyView = (k: Pick<ApiKeyItem, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): ApiKeyView => ({
  id: k.id,
  name: k.name,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt ?? null,
});

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A fresh key: 32 characters drawn uniformly from base62 (rejection sampling, no modulo bias). */
export function generateApiKey(): string {
  let out = '';
  while (out.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && out.length < 32) out += alphabet[byte % 62];
    }
  }
  return prefix + out;
}

export class TooManyKeysError extends ConflictError {
  constructor() {
    super(`At most ${maxLiveKeys} API keys; revoke one first`, 'TOO_MANY_API_KEYS', { max: maxLiveKeys });
  }
}

/** The user's live keys, newest first. */
export async function listApiKeys(sub: string): Promise<ApiKeyView[]> {
  const items = await queryPartition<ApiKeyItem>(userPartition(sub), apiKeyKeys.userPrefix);
  return items
    .filter((k) => !k.revokedAt)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(toApiKeyView);
}

/** Makes a key for a live, verified user (the caller checks that). The key itself is returned once. */
export async function createApiKey(user: UserItem, name: string): Promise<{ key: string; apiKey: ApiKeyView }> {
  const key = generateApiKey();
  const hash = hashApiKey(key);
  const item: ApiKeyItem = { id: timeSortableId(), sub: user.sub, name, hash, createdAt: new Date().toISOString() };
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: userKeys.profile(user.sub),
          UpdateExpression: 'ADD liveApiKeys :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND (attribute_not_exists(liveApiKeys) OR liveApiKeys < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': maxLiveKeys },
        },
      },
      putNew({ ...apiKeyKeys.byHash(hash), ...item }),
      putNew({ ...apiKeyKeys.ofUser(user.sub, item.id), ...item }),
    ]);
  } catch (error) {
    if (!failedCondition(error)) throw error;
    const now = await findUser(user.sub);
    if (now?.deletedAt) throw new AccountDeletedError();
    throw new TooManyKeysError();
  }
  return { key, apiKey: toApiKeyView(item) };
}

/** Revokes one of the user's keys: it stops working at once and leaves the list. */
export async function revokeApiKey(sub: string, id: string): Promise<void> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: apiKeyKeys.ofUser(sub, id), ConsistentRead: true }));
  const item = Item && withoutKeys(Item as ApiKeyItem);
  if (!item || item.revokedAt) throw new NotFoundError('API key not found', 'API_KEY_NOT_FOUND');
  const now = new Date().toISOString();
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: apiKeyKeys.ofUser(sub, id),
          UpdateExpression: 'SET revokedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
          ExpressionAttributeValues: { ':now': now },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: apiKeyKeys.byHash(item.hash),
          UpdateExpression: 'SET revokedAt = :now',
          ExpressionAttributeValues: { ':now': now },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: userKeys.profile(sub),
          UpdateExpression: 'ADD liveApiKeys :minus',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(error)) throw new NotFoundError('API key not found', 'API_KEY_NOT_FOUND');
    throw error;
  }
}

/**
 * Revokes every live key of the user, each as revokeApiKey does (after a password reset: whoever
 * held the account may have made or copied one). Read consistently, so a key made a moment ago is
 * revoked too; one by one, as each changes the profile's count. Answers how many were revoked.
 */
export async function revokeAllApiKeys(sub: string): Promise<number> {
  const keys = await queryAll<ApiKeyItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'attribute_not_exists(revokedAt)',
    ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': apiKeyKeys.userPrefix },
    ConsistentRead: true,
  });
  let revoked = 0;
  for (const key of keys) {
    try {
      await revokeApiKey(sub, key.id);
      revoked++;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error; // revoked meanwhile
    }
  }
  return revoked;
}

/** The live key with this text, or undefined (malformed, unknown, revoked). One GetItem by its hash, never a scan. */
export async function findLiveApiKey(key: string): Promise<ApiKeyItem | undefined> {
  if (!keyPattern.test(key)) return undefined;
  const hash = hashApiKey(key);
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: apiKeyKeys.byHash(hash), ConsistentRead: true }));
  const apiKey = Item && withoutKeys(Item as ApiKeyItem);
  if (!apiKey || apiKey.revokedAt) return undefined;
  // The item was found by this hash; compare anyway in constant time (defence in depth).
  return timingSafeEqual(Buffer.from(apiKey.hash, 'hex'), Buffer.from(hash, 'hex')) ? apiKey : undefined;
}

/** The live, verified account a live key belongs to (deleted or unverified: undefined); marks the key used. */
export async function findKeyOwner(apiKey: ApiKeyItem): Promise<UserItem | undefined> {
  const user = await findUser(apiKey.sub);
  if (!user || user.deletedAt || !user.emailVerifiedAt) return undefined;
  await touchLastUsed(apiKey);
  return user;
}

/** The live, verified account a key belongs to, or undefined. */
export async function authenticateApiKey(key: string): Promise<{ user: UserItem; apiKey: ApiKeyItem } | undefined> {
  const apiKey = await findLiveApiKey(key);
  const user = apiKey && (await findKeyOwner(apiKey));
  return apiKey && user && { user, apiKey };
}

/** lastUsedAt, at most once a minute per key (both items, so the list shows it). */
async function touchLastUsed(apiKey: ApiKeyItem): Promise<void> {
  const now = new Date();
  if (apiKey.lastUsedAt && now.getTime() - Date.parse(apiKey.lastUsedAt) < lastUsedEveryMs) return;
  const at = now.toISOString();
  const update = (Key: { pk: string; sk: string }) =>
    db
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET lastUsedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
          ExpressionAttributeValues: { ':at': at },
        }),
      )
      .catch(() => undefined); // best effort: never fails a request
  await Promise.all([update(apiKeyKeys.byHash(apiKey.hash)), update(apiKeyKeys.ofUser(apiKey.sub, apiKey.id))]);
}
