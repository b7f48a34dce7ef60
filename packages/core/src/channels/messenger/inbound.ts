import { createHmac, timingSafeEqual } from 'node:crypto';
import { deleteItem, updateItem } from '../../shared/db/item';
import { messengerInboundItem } from '../../shared/db/items/messenger';
import { SignatureError, ValidationError } from '../../shared/errors';
import { log } from '../../shared/log';
import { countRequest, messengerReplyLimit } from '../../shared/rate-limit';
import { listRentals } from '../../rentals';
import { secret } from '../../shared/settings';
import { findUser } from '../../accounts';
import { messengerReplies, parseMessengerCommand, type MessengerLanguage } from './bot';
import { sendMessengerText } from './graph';
import { messengerLinkOfPerson, redeemMessengerRef, touchMessengerWindow, unlinkMessengerPerson } from './link';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The GET verification of Meta's webhook settings: `hub.mode=subscribe` with our verify token is
 * answered with `hub.challenge` as it came; anything else gets undefined (the handler's 403).
 */
export function messengerHandshake(query: Record<string, string | undefined>): string | undefined {
  const challenge = query['hub.challenge'];
  if (query['hub.mode'] !== 'subscribe' || !challenge) return undefined;
  return same(query['hub.verify_token'] ?? '', secret('MessengerVerifyToken')) ? challenge : undefined;
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export function signMessengerBody(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

/** The signature compared in constant time; missing or wrong is a SignatureError. */
export function verifyMessengerSignature(body: string, header: string | undefined): void {
  if (!header || !same(header.trim(), signMessengerBody(body, secret('MessengerAppSecret')))) {
    throw new SignatureError('X-Hub-Signature-256 does not match the body');
  }
}

/** The parts of a `page` notification this bot reads (`messages`, `messaging_postbacks`, `messaging_referrals`). */
interface Referral {
  ref?: string;
  source?: string;
  type?: string;
}
interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: { mid?: string; text?: string; is_echo?: boolean; quick_reply?: { payload?: string }; referral?: Referral };
  postback?: { mid?: string; title?: string; payload?: string; referral?: Referral };
  referral?: Referral;
}
interface Notification {
  object?: string;
  entry?: Array<{ id?: string; time?: number; messaging?: MessagingEvent[] }>;
}

/** Meta delivers a notification at least once (and again until it gets a 200): each event is handled once. */
const keepForDays = 7;

async function firstTime(mid: string, now: number): Promise<boolean> {
  const recorded = await updateItem(
    messengerInboundItem,
    { mid },
    {
      set: { receivedAt: new Date(now).toISOString(), expiresAt: Math.floor(now / 1000) + keepForDays * 86_400 },
      when: { receivedAt: { absent: true } },
      ifExists: false,
    },
  );
  return recorded !== undefined;
}

/** The reference an event carries: a referral to an open thread, or Get Started's postback (or a message) opening a new one. */
const refOf = (event: MessagingEvent) => event.referral?.ref ?? event.postback?.referral?.ref ?? event.message?.referral?.ref;

/** The reply to one event from a person (PSID), or undefined (nothing to answer). */
async function replyTo(psid: string, event: MessagingEvent, now: Date): Promise<string | undefined> {
  const ref = refOf(event);
  if (ref) {
    const { outcome, language } = await redeemMessengerRef(ref, psid, now);
    return messengerReplies.link(language ?? 'en', outcome);
  }
  const link = await messengerLinkOfPerson(psid);
  // Anything the person sends (a sticker, a photo too) opens the window again.
  if (link) await touchMessengerWindow(link, now);
  const text = event.message?.text ?? event.message?.quick_reply?.payload ?? event.postback?.payload ?? event.postback?.title;
  if (text === undefined) return undefined;
  const { command, argument, language: typed } = parseMessengerCommand(text);
  const user = link && (await findUser(link.sub));
  if (!link || !user || user.deletedAt) return messengerReplies.notLinked(typed ?? 'en');
  const language: MessengerLanguage = typed ?? link.language;
  if (command === 'stop') {
    await unlinkMessengerPerson(psid);
    return messengerReplies.stopped(language);
  }
  if (command === 'balance') return messengerReplies.balance(language, user.balanceCents);
  if (command === 'numbers' || command === 'code') {
    const { rentals } = await listRentals(link.sub, { status: 'active' });
    const active = rentals.filter((rental) => Date.parse(rental.expiresAt) > now.getTime()).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    return command === 'numbers' ? messengerReplies.numbers(language, active) : messengerReplies.code(language, active, argument);
  }
  return messengerReplies.help(language);
}

async function answer(event: MessagingEvent, now: number): Promise<boolean> {
  const psid = event.sender?.id;
  if (!psid || !/^\d{1,32}$/.test(psid) || event.message?.is_echo) return false;
  const id = event.message?.mid ?? event.postback?.mid ?? `${psid}:${event.timestamp ?? now}:${refOf(event) ?? ''}`;
  if (!(await firstTime(id, now))) return false;
  // A sender in a loop is cut off quietly rather than answered without end.
  if (!(await countRequest(messengerReplyLimit, psid, now)).allowed) return false;
  try {
    const reply = await replyTo(psid, event, new Date(now));
    // The person's own message opened the 24-hour window: a RESPONSE.
    if (reply) await sendMessengerText(psid, reply);
    return reply !== undefined;
  } catch (error) {
    // Not answered: forget the event so Meta's redelivery (after our 500) gets its answer.
    await deleteItem(messengerInboundItem, { mid: id });
    throw error;
  }
}

/**
 * One webhook POST from Meta: the signature checked over the raw body (SignatureError otherwise),
 * then each messaging event of the Page's entries handled: a reference links the person, a text
 * is a command; echoes, deliveries and reads are acknowledged and left alone.
 */
export async function receiveMessenger(input: { body: string; signature: string | undefined; now?: number }): Promise<{ answered: number }> {
  verifyMessengerSignature(input.body, input.signature);
  let notification: Notification;
  try {
    notification = JSON.parse(input.body) as Notification;
  } catch {
    throw new ValidationError('The body is not JSON', {}, 'MALFORMED_JSON');
  }
  if (notification.object !== 'page') return { answered: 0 };
  const events = (notification.entry ?? []).flatMap((entry) => entry.messaging ?? []);
  const now = input.now ?? Date.now();
  let answered = 0;
  for (const event of events) if (await answer(event, now)) answered += 1;
  if (answered) log.info('Messenger events answered', { count: answered });
  return { answered };
}
