import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod/mini';
import { readItem, readPartition, transact, txPutNew, txUpdate, updateItem, type TransactPart } from '../../shared/db/item';
import { apiKeyByHashItem, apiKeyOfUserItem, apiKeyPrefix } from '../../shared/db/items/developer';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { AccountDeletedError, findUser, liveApiKeysPart } from '../../accounts';
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

/** The keys are the item types' (shared/db/items/developer.ts). */
export const apiKeyKeys = {
  byHash: (hash: string) => apiKeyByHashItem.key({ hash }),
  ofUser: (sub: string, id: string) => apiKeyOfUserItem.key({ sub, id }),
  userPrefix: apiKeyPrefix,
};

export type ApiKeyItem = z.infer<typeof apiKeyOfUserItem.schema>;

/** A key write lost a race (revoked, or the profile changed meanwhile); the caller words it. */
class KeyChanged extends Error {}
const keyChanged = () => new KeyChanged('The API key or its owner changed meanwhile');

/** A change to the profile's live-key count (the accounts context's item, through its door). */
const liveKeysPart = (sub: string, by: 1 | -1): TransactPart => liveApiKeysPart(sub, by, maxLiveKeys, keyChanged);

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
  const items = await readPartition(apiKeyOfUserItem, { sub, id: '' }, { skPrefix: apiKeyPrefix });
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
    await transact([liveKeysPart(user.sub, 1), txPutNew(apiKeyByHashItem, item, keyChanged), txPutNew(apiKeyOfUserItem, item, keyChanged)]);
  } catch (error) {
    if (!(error instanceof KeyChanged)) throw error;
    const now = await findUser(user.sub);
    if (now?.deletedAt) throw new AccountDeletedError();
    throw new TooManyKeysError();
  }
  return { key, apiKey: toApiKeyView(item) };
}

/** Revokes one of the user's keys: it stops working at once and leaves the list. */
export async function revokeApiKey(sub: string, id: string): Promise<void> {
  const item = await readItem(apiKeyOfUserItem, { sub, id }, { consistent: true });
  if (!item || item.revokedAt) throw new NotFoundError('API key not found', 'API_KEY_NOT_FOUND');
  const now = new Date().toISOString();
  try {
    await transact([
      txUpdate(apiKeyOfUserItem, { sub, id }, { set: { revokedAt: now }, when: { revokedAt: { absent: true } }, onConditionFailed: keyChanged }),
      // Unconditional, as an upsert: the by-hash copy follows its owner's.
      txUpdate(apiKeyByHashItem, { hash: item.hash }, { set: { revokedAt: now }, ifExists: false, onConditionFailed: keyChanged }),
      liveKeysPart(sub, -1),
    ]);
  } catch (error) {
    if (error instanceof KeyChanged) throw new NotFoundError('API key not found', 'API_KEY_NOT_FOUND');
    throw error;
  }
}

/**
 * Revokes every live key of the user, each as revokeApiKey does (after a password reset: whoever
 * held the account may have made or copied one). Read consistently, so a key made a moment ago is
 * revoked too; one by one, as each changes the profile's count. Answers how many were revoked.
 */
export async function revokeAllApiKeys(sub: string): Promise<number> {
  // At most a handful of keys per user, revoked ones included: filtered here, in the same one Query.
  const keys = (await readPartition(apiKeyOfUserItem, { sub, id: '' }, { skPrefix: apiKeyPrefix, consistent: true })).filter((key) => !key.revokedAt);
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
  const apiKey = await readItem(apiKeyByHashItem, { hash }, { consistent: true });
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
  const change = { set: { lastUsedAt: at }, when: { revokedAt: { absent: true as const } } };
  // Best effort: never fails a request (a failed condition answers undefined; other errors are dropped).
  await Promise.all([updateItem(apiKeyByHashItem, apiKey, change).catch(() => undefined), updateItem(apiKeyOfUserItem, apiKey, change).catch(() => undefined)]);
}
