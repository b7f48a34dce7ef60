import { randomBytes } from 'node:crypto';
import { createItem, deleteItem, readItem, transact, txDelete, txPut, type TransactPart } from '../../shared/db';
import { telegramAccountItem, telegramChatItem, telegramLinkCodeItem } from '../../shared/db/items/telegram';

/** How long a Connect code may be redeemed: long enough to open Telegram, short enough not to linger. */
export const linkCodeMinutes = 10;

/*
 * Items (docs/access-patterns.md): a one-time code names the account that asked for it; a linked
 * chat is two items written together, the chat's account (for the bot) and the account's chat (for
 * forwarding and the settings).
 */

/** Outcome of `/start <code>`; the bot words each one. */
export type LinkOutcome = 'linked' | 'already-linked' | 'unknown-code' | 'expired-code' | 'chat-taken';

/** A fresh one-time code (URL-safe, fits a `/start` payload: 1-64 of A-Z a-z 0-9 _ -). */
export async function createLinkCode(sub: string, now = new Date()): Promise<{ code: string; expiresAt: string }> {
  const code = randomBytes(12).toString('base64url');
  const expires = new Date(now.getTime() + linkCodeMinutes * 60_000);
  const item = { code, sub, expiresAt: Math.floor(expires.getTime() / 1000) };
  // Twelve random bytes do not collide: if one ever did, the code is not handed out.
  await createItem(telegramLinkCodeItem, item, { onConditionFailed: () => new Error('A new Telegram link code collided with a stored one') });
  return { code, expiresAt: expires.toISOString() };
}

/** The account a chat is linked to, if any. */
export async function accountOfChat(chatId: number): Promise<string | undefined> {
  return (await readItem(telegramChatItem, { chatId }))?.sub;
}

/** The chat an account is linked to, if any: what forwarding sends to. */
export async function telegramChatOf(sub: string): Promise<number | undefined> {
  return (await readItem(telegramAccountItem, { sub }, { consistent: true }))?.chatId;
}

/**
 * Redeems a code for a chat, once: the code is deleted (conditioned on existing) in the same
 * transaction that writes both link items, so a second `/start` with it finds nothing. A chat links
 * to one account (another account's chat is refused: `/stop` there first); an account to one chat
 * (linking a new chat drops the old one).
 */
export async function redeemLinkCode(code: string, chatId: number, now = new Date()): Promise<LinkOutcome> {
  const found = await readItem(telegramLinkCodeItem, { code }, { consistent: true });
  if (!found) return 'unknown-code';
  if (found.expiresAt * 1000 <= now.getTime()) {
    await deleteItem(telegramLinkCodeItem, { code });
    return 'expired-code';
  }
  const [chatOwner, previousChat] = await Promise.all([accountOfChat(chatId), telegramChatOf(found.sub)]);
  if (chatOwner && chatOwner !== found.sub) return 'chat-taken';
  const link = { sub: found.sub, chatId, linkedAt: now.toISOString() };
  // The code went meanwhile (a second press of Start), or another account took the chat: looked at again below.
  const raced = () => new LinkRaced();
  const parts: TransactPart[] = [
    txDelete(telegramLinkCodeItem, { code }, { ifExists: true, onConditionFailed: raced }),
    // One account a chat: unclaimed, or this account's already.
    txPut(telegramChatItem, link, { when: { anyOf: [{ sub: { absent: true } }, { sub: { equals: found.sub } }] }, onConditionFailed: raced }),
    txPut(telegramAccountItem, link, { onConditionFailed: raced }),
  ];
  if (previousChat !== undefined && previousChat !== chatId) parts.push(txDelete(telegramChatItem, { chatId: previousChat }, { onConditionFailed: raced }));
  try {
    await transact(parts);
  } catch (error) {
    if (error instanceof LinkRaced) return (await accountOfChat(chatId)) === found.sub ? 'already-linked' : 'unknown-code';
    throw error;
  }
  return chatOwner === found.sub && previousChat === chatId ? 'already-linked' : 'linked';
}

/** A link transaction whose condition failed: another press of Start or another account was first. */
class LinkRaced extends Error {}

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
  const newerLink = () => new LinkRaced();
  await transact([
    txDelete(telegramChatItem, { chatId }, { onConditionFailed: newerLink }),
    // The account's item only while it still names this chat (a newer link stays).
    txDelete(telegramAccountItem, { sub }, { when: { anyOf: [{ chatId: { absent: true } }, { chatId: { equals: chatId } }] }, onConditionFailed: newerLink }),
  ]).catch(async (error: unknown) => {
    if (!(error instanceof LinkRaced)) throw error;
    await deleteItem(telegramChatItem, { chatId });
  });
}
