import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, failedCondition, getItem, putNewItem, tableName, transactWrite, type TransactItem } from '../../shared/db';
import { userPartition } from '../../accounts';

/** How long a Connect code may be redeemed: long enough to open Telegram, short enough not to linger. */
export const linkCodeMinutes = 10;

/**
 * Keys (docs/access-patterns.md): a one-time code `TGLINK#<code>` names the account that asked for
 * it; a linked chat is two items written together, `TGCHAT#<chatId>` (the chat's account, for the
 * bot) and `USER#<sub>` / `TELEGRAM` (the account's chat, for forwarding and the settings).
 */
export const telegramKeys = {
  code: (code: string) => ({ pk: `TGLINK#${code}`, sk: 'CODE' }),
  chat: (chatId: number) => ({ pk: `TGCHAT#${chatId}`, sk: 'ACCOUNT' }),
  account: (sub: string) => ({ pk: userPartition(sub), sk: 'TELEGRAM' }),
};

interface CodeItem {
  sub: string;
  /** Epoch seconds: DynamoDB's TTL removes it later; redemption checks it itself. */
  expiresAt: number;
}
interface ChatItem {
  sub: string;
  chatId: number;
  linkedAt: string;
}

/** Outcome of `/start <code>`; the bot words each one. */
export type LinkOutcome = 'linked' | 'already-linked' | 'unknown-code' | 'expired-code' | 'chat-taken';

/** A fresh one-time code (URL-safe, fits a `/start` payload: 1-64 of A-Z a-z 0-9 _ -). */
export async function createLinkCode(sub: string, now = new Date()): Promise<{ code: string; expiresAt: string }> {
  const code = randomBytes(12).toString('base64url');
  const expires = new Date(now.getTime() + linkCodeMinutes * 60_000);
  const item: CodeItem = { sub, expiresAt: Math.floor(expires.getTime() / 1000) };
  await putNewItem({ ...telegramKeys.code(code), ...item });
  return { code, expiresAt: expires.toISOString() };
}

/** The account a chat is linked to, if any. */
export async function accountOfChat(chatId: number): Promise<string | undefined> {
  return (await getItem<ChatItem>(telegramKeys.chat(chatId)))?.sub;
}

/** The chat an account is linked to, if any: what forwarding sends to. */
export async function telegramChatOf(sub: string): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: telegramKeys.account(sub), ConsistentRead: true }));
  return (Item as ChatItem | undefined)?.chatId;
}

/**
 * Redeems a code for a chat, once: the code is deleted (conditioned on existing) in the same
 * transaction that writes both link items, so a second `/start` with it finds nothing. A chat links
 * to one account (another account's chat is refused: `/stop` there first); an account to one chat
 * (linking a new chat drops the old one).
 */
export async function redeemLinkCode(code: string, chatId: number, now = new Date()): Promise<LinkOutcome> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: telegramKeys.code(code), ConsistentRead: true }));
  const found = Item as CodeItem | undefined;
  if (!found) return 'unknown-code';
  if (found.expiresAt * 1000 <= now.getTime()) {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: telegramKeys.code(code) }));
    return 'expired-code';
  }
  const [chatOwner, previousChat] = await Promise.all([accountOfChat(chatId), telegramChatOf(found.sub)]);
  if (chatOwner && chatOwner !== found.sub) return 'chat-taken';
  const item: ChatItem = { sub: found.sub, chatId, linkedAt: now.toISOString() };
  const items: TransactItem[] = [
    { Delete: { TableName: tableName(), Key: telegramKeys.code(code), ConditionExpression: 'attribute_exists(pk)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...telegramKeys.chat(chatId), ...item },
        ConditionExpression: 'attribute_not_exists(pk) OR #sub = :sub',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExpressionAttributeValues: { ':sub': found.sub },
      },
    },
    { Put: { TableName: tableName(), Item: { ...telegramKeys.account(found.sub), ...item } } },
  ];
  if (previousChat !== undefined && previousChat !== chatId) items.push({ Delete: { TableName: tableName(), Key: telegramKeys.chat(previousChat) } });
  try {
    await transactWrite(items);
  } catch (error) {
    // The code went meanwhile (a second press of Start), or another account took the chat.
    if (failedCondition(error)) return (await accountOfChat(chatId)) === found.sub ? 'already-linked' : 'unknown-code';
    throw error;
  }
  return chatOwner === found.sub && previousChat === chatId ? 'already-linked' : 'linked';
}

/** Drops both link items of an account (Disconnect); the chat it had, if any. */
export async function unlinkAccount(sub: string): Promise<number | undefined> {
  const chatId = await telegramChatOf(sub);
  if (chatId === undefined) return undefined;
  await unlinkPair(sub, chatId);
  return chatId;
}

/** Drops both link items of a chat (`/stop`); the account it had, if any. */
export async function unlinkChat(chatId: number): Promise<string | undefined> {
  const sub = await accountOfChat(chatId);
  if (sub === undefined) return undefined;
  await unlinkPair(sub, chatId);
  return sub;
}

async function unlinkPair(sub: string, chatId: number): Promise<void> {
  await transactWrite([
    { Delete: { TableName: tableName(), Key: telegramKeys.chat(chatId) } },
    // The account's item only while it still names this chat (a newer link stays).
    {
      Delete: {
        TableName: tableName(),
        Key: telegramKeys.account(sub),
        ConditionExpression: 'attribute_not_exists(pk) OR chatId = :chat',
        ExpressionAttributeValues: { ':chat': chatId },
      },
    },
  ]).catch(async (error: unknown) => {
    if (!failedCondition(error)) throw error;
    await db.send(new DeleteCommand({ TableName: tableName(), Key: telegramKeys.chat(chatId) }));
  });
}
