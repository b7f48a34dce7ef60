/** Channels' Messenger links (a file of their own, as Telegram's). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/**
 * A one-time link reference (`MSLINK#<ref>` / REF), the `ref` of the m.me link, naming the account
 * that asked for it and the language of the page that asked; the reference is its key only. TTL
 * `expiresAt` (epoch seconds), which redemption also checks itself. No index.
 */
export const messengerLinkRefItem = defineItem({
  name: 'Messenger link reference',
  owner: 'channels',
  key: ({ ref }: { ref: string }) => ({ pk: `MSLINK#${ref}`, sk: 'REF' }),
  schema: z.object({ sub: z.string(), language: z.enum(['en', 'ru', 'ms']), expiresAt: z.int() }),
  expiresAt: ({ expiresAt }) => expiresAt,
  schemaAttributesOnly: true,
});

const linkSchema = z.object({
  sub: z.string(),
  /** The person's page-scoped id: what the Send API addresses. */
  psid: z.string(),
  language: z.enum(['en', 'ru', 'ms']),
  linkedAt: z.string(),
  /** The person's last message, postback or referral to the Page: Messenger's 24-hour window runs from it. */
  lastInboundAt: z.string(),
});

/** A linked person's account (`MSPSID#<psid>` / ACCOUNT), for the webhook; written with the account's own item. No TTL, no index. */
export const messengerPsidItem = defineItem({
  name: 'Messenger person link',
  owner: 'channels',
  key: ({ psid }: { psid: string }) => ({ pk: `MSPSID#${psid}`, sk: 'ACCOUNT' }),
  schema: linkSchema,
});

/** An account's linked Messenger person (sort key MESSENGER), for forwarding and the settings. No TTL, no index. */
export const messengerAccountItem = defineItem({
  name: 'Messenger account link',
  owner: 'channels',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'MESSENGER' }),
  schema: linkSchema,
});

/** One inbound Messenger event id already handled (Meta redelivers until it gets a 200); TTL a week after it came. */
export const messengerInboundItem = defineItem({
  name: 'Messenger inbound message',
  owner: 'channels',
  key: ({ mid }: { mid: string }) => ({ pk: `MESSENGER_IN#${mid}`, sk: 'MESSENGER_IN' }),
  schema: z.object({ receivedAt: z.string(), expiresAt: z.int() }),
  expiresAt: ({ expiresAt }) => expiresAt,
});
