import { randomBytes } from 'node:crypto';
import { createItem, deleteItem, readItem, transact, txDelete, txPut, updateItem, type TransactPart } from '../../shared/db';
import { messengerAccountItem, messengerLinkRefItem, messengerPsidItem } from '../../shared/db/items/messenger';
import type { MessengerLanguage } from './bot';
import { messengerSetting } from './graph';

/** How long a link's reference may be redeemed: long enough to open Messenger, short enough not to linger. */
export const linkRefMinutes = 10;

/*
 * Items (docs/access-patterns.md): a one-time reference names the account that asked for it; a
 * linked person is two items written together, the person's account (for the webhook) and the
 * account's person (for forwarding and the settings), both with the person's last message time.
 */

/** Outcome of a referral with a reference; the bot words each one. */
export type MessengerLinkOutcome = 'linked' | 'already-linked' | 'unknown-ref' | 'expired-ref' | 'person-taken';

export interface MessengerLink {
  sub: string;
  psid: string;
  language: MessengerLanguage;
  linkedAt: string;
  lastInboundAt: string;
}

/** A fresh one-time reference (URL-safe; m.me's `ref` takes letters, digits, `-`, `_` and `=`) and the link opening the Page's conversation with it. */
export async function createMessengerLink(
  sub: string,
  language: MessengerLanguage,
  now = new Date(),
): Promise<{ url: string; ref: string; expiresAt: string }> {
  const ref = randomBytes(16).toString('base64url');
  const expires = new Date(now.getTime() + linkRefMinutes * 60_000);
  // Sixteen random bytes do not collide: if one ever did, the reference is not handed out.
  await createItem(
    messengerLinkRefItem,
    { ref, sub, language, expiresAt: Math.floor(expires.getTime() / 1000) },
    { onConditionFailed: () => new Error('A new Messenger link reference collided with a stored one') },
  );
  const base = messengerSetting('MessengerLinkBase').replace(/\/$/, '');
  const url = `${base}/${encodeURIComponent(messengerSetting('MessengerPageUsername'))}?ref=${ref}`;
  return { url, ref, expiresAt: expires.toISOString() };
}

/** The link of a person (PSID), if any. */
export async function messengerLinkOfPerson(psid: string): Promise<MessengerLink | undefined> {
  return readItem(messengerPsidItem, { psid }, { consistent: true });
}

/** The link of an account, if any: what forwarding sends to. */
export async function messengerLinkOf(sub: string): Promise<MessengerLink | undefined> {
  return readItem(messengerAccountItem, { sub }, { consistent: true });
}

/**
 * Redeems a reference for a person, once: the reference is deleted (conditioned on existing) in
 * the same transaction that writes both link items, so a second referral with it finds nothing. A
 * person links to one account (another account's person is refused: "stop" there first); an
 * account to one person (linking a new one drops the old one).
 */
export async function redeemMessengerRef(
  ref: string,
  psid: string,
  now = new Date(),
): Promise<{ outcome: MessengerLinkOutcome; language?: MessengerLanguage }> {
  const found = await readItem(messengerLinkRefItem, { ref }, { consistent: true });
  if (!found) return { outcome: 'unknown-ref' };
  const { language } = found;
  if (found.expiresAt * 1000 <= now.getTime()) {
    await deleteItem(messengerLinkRefItem, { ref });
    return { outcome: 'expired-ref', language };
  }
  const [personLink, previous] = await Promise.all([messengerLinkOfPerson(psid), messengerLinkOf(found.sub)]);
  if (personLink && personLink.sub !== found.sub) return { outcome: 'person-taken', language };
  const at = now.toISOString();
  const link = { sub: found.sub, psid, language, linkedAt: personLink?.linkedAt ?? at, lastInboundAt: at };
  const raced = () => new LinkRaced();
  const parts: TransactPart[] = [
    txDelete(messengerLinkRefItem, { ref }, { ifExists: true, onConditionFailed: raced }),
    // One account a person: unclaimed, or this account's already.
    txPut(messengerPsidItem, link, { when: { anyOf: [{ sub: { absent: true } }, { sub: { equals: found.sub } }] }, onConditionFailed: raced }),
    txPut(messengerAccountItem, link, { onConditionFailed: raced }),
  ];
  if (previous && previous.psid !== psid) parts.push(txDelete(messengerPsidItem, { psid: previous.psid }, { onConditionFailed: raced }));
  try {
    await transact(parts);
  } catch (error) {
    if (error instanceof LinkRaced) return { outcome: (await messengerLinkOfPerson(psid))?.sub === found.sub ? 'already-linked' : 'unknown-ref', language };
    throw error;
  }
  return { outcome: personLink?.sub === found.sub && previous?.psid === psid ? 'already-linked' : 'linked', language };
}

/** A link transaction whose condition failed: another referral or another account was first. */
class LinkRaced extends Error {}

/**
 * The person wrote to the Page: Messenger's 24-hour window starts again. Both items, each only
 * while it still names this person and account (a link dropped meanwhile stays dropped).
 */
export async function touchMessengerWindow(link: Pick<MessengerLink, 'sub' | 'psid'>, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await Promise.all([
    updateItem(messengerPsidItem, { psid: link.psid }, { set: { lastInboundAt: at }, when: { sub: { equals: link.sub } }, ifExists: false }),
    updateItem(messengerAccountItem, { sub: link.sub }, { set: { lastInboundAt: at }, when: { psid: { equals: link.psid } }, ifExists: false }),
  ]);
}

/** Drops both link items of an account (the settings' Unlink); the person it had, if any. */
export async function unlinkMessengerAccount(sub: string): Promise<MessengerLink | undefined> {
  const link = await messengerLinkOf(sub);
  if (!link) return undefined;
  await unlinkPair(sub, link.psid);
  return link;
}

/** Drops both link items of a person ("stop", or a blocked Page); the account it had, if any. */
export async function unlinkMessengerPerson(psid: string): Promise<string | undefined> {
  const link = await messengerLinkOfPerson(psid);
  if (!link) return undefined;
  await unlinkPair(link.sub, psid);
  return link.sub;
}

async function unlinkPair(sub: string, psid: string): Promise<void> {
  const newerLink = () => new LinkRaced();
  await transact([
    txDelete(messengerPsidItem, { psid }, { onConditionFailed: newerLink }),
    // The account's item only while it still names this person (a newer link stays).
    txDelete(messengerAccountItem, { sub }, { when: { anyOf: [{ psid: { absent: true } }, { psid: { equals: psid } }] }, onConditionFailed: newerLink }),
  ]).catch(async (error: unknown) => {
    if (!(error instanceof LinkRaced)) throw error;
    await deleteItem(messengerPsidItem, { psid });
  });
}
