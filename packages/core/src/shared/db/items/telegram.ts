/** Channels' Telegram links (a file of their own: the bot's Lambda has little room). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/**
 * A one-time Connect code (`TGLINK#<code>` / CODE) naming the account that asked for it; the code is
 * its key only. TTL `expiresAt` (epoch seconds), which redemption also checks itself. No index.
 */
export const telegramLinkCodeItem = defineItem({
  name: 'Telegram link code',
  owner: 'channels',
  key: ({ code }: { code: string }) => ({ pk: `TGLINK#${code}`, sk: 'CODE' }),
  schema: z.object({ sub: z.string(), expiresAt: z.int() }),
  expiresAt: ({ expiresAt }) => expiresAt,
  schemaAttributesOnly: true,
});

const linkSchema = z.object({ sub: z.string(), chatId: z.int(), linkedAt: z.string() });

/** A linked chat's account (`TGCHAT#<chatId>` / ACCOUNT), for the bot; written with the account's own item. No TTL, no index. */
export const telegramChatItem = defineItem({
  name: 'Telegram chat link',
  owner: 'channels',
  key: ({ chatId }: { chatId: number }) => ({ pk: `TGCHAT#${chatId}`, sk: 'ACCOUNT' }),
  schema: linkSchema,
});

/** An account's linked chat (sort key TELEGRAM), for forwarding and the settings. No TTL, no index. */
export const telegramAccountItem = defineItem({
  name: 'Telegram account link',
  owner: 'channels',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'TELEGRAM' }),
  schema: linkSchema,
});
