import { createHmac, timingSafeEqual } from 'node:crypto';
import { deleteItem, updateItem } from '../../shared/db/item';
import { whatsappInboundItem } from '../../shared/db/items/channels';
import { SignatureError, ValidationError } from '../../shared/errors';
import { log } from '../../shared/log';
import { countRequest, whatsappReplyLimit } from '../../shared/rate-limit';
import { listRentals } from '../../rentals';
import { secret } from '../../shared/settings';
import { whatsappSetting } from './graph';
import { findUser } from '../../accounts';
import { parseCommand, replies } from './bot';
import { accountOfWhatsApp } from './link';
import { sendWhatsAppText } from './send';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The GET handshake of Meta's webhook settings: `hub.mode=subscribe` with our verify token is
 * answered with `hub.challenge` as it came; anything else gets undefined (the handler's 403).
 */
export function whatsappHandshake(query: Record<string, string | undefined>): string | undefined {
  const challenge = query['hub.challenge'];
  if (query['hub.mode'] !== 'subscribe' || !challenge) return undefined;
  return same(query['hub.verify_token'] ?? '', secret('WhatsAppVerifyToken')) ? challenge : undefined;
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, compared in constant time. */
export function signWhatsAppBody(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

export function verifyWhatsAppSignature(body: string, header: string | undefined): void {
  if (!header || !same(header.trim(), signWhatsAppBody(body, secret('WhatsAppAppSecret')))) {
    throw new SignatureError('X-Hub-Signature-256 does not match the body');
  }
}

/** The parts of a `whatsapp_business_account` notification this bot reads. */
interface Notification {
  object?: string;
  entry?: Array<{
    changes?: Array<{
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        messages?: Array<{ id?: string; from?: string; type?: string; text?: { body?: string }; button?: { text?: string } }>;
      };
    }>;
  }>;
}

type InboundMessage = NonNullable<NonNullable<NonNullable<NonNullable<Notification['entry']>[number]['changes']>[number]['value']>['messages']>[number];

/** Meta delivers a notification at least once (and again until it gets a 200): each message id is answered once. */
const keepForDays = 7;

async function firstTime(messageId: string, now: number): Promise<boolean> {
  // An Update only while absent (as a Put of a new item): the id stays in the key only.
  const recorded = await updateItem(
    whatsappInboundItem,
    { messageId },
    {
      set: { receivedAt: new Date(now).toISOString(), expiresAt: Math.floor(now / 1000) + keepForDays * 86_400 },
      when: { receivedAt: { absent: true } },
      ifExists: false,
    },
  );
  return recorded !== undefined;
}

/** The reply to one message from `from` (digits). */
async function replyTo(from: string, text: string): Promise<string> {
  const { command, language } = parseCommand(text);
  const sub = await accountOfWhatsApp(from);
  const user = sub && (await findUser(sub));
  if (!sub || !user || user.deletedAt) return replies.notLinked(language);
  if (command === 'balance') return replies.balance(language, user.balanceCents);
  if (command === 'numbers') {
    const { rentals } = await listRentals(sub, { status: 'active' });
    const now = Date.now();
    return replies.numbers(
      language,
      rentals.filter((rental) => Date.parse(rental.expiresAt) > now),
    );
  }
  return replies.help(language);
}

async function answer(message: InboundMessage, now: number): Promise<void> {
  const { id, from } = message;
  if (!id || !from || !/^\d{6,15}$/.test(from)) return;
  if (!(await firstTime(id, now))) return;
  // A sender in a loop is cut off quietly rather than answered without end.
  if (!(await countRequest(whatsappReplyLimit, from, now)).allowed) return;
  const text = message.text?.body ?? message.button?.text ?? '';
  try {
    await sendWhatsAppText(from, await replyTo(from, text));
  } catch (error) {
    // Not answered: forget the message so Meta's redelivery (after our 500) gets its answer.
    await deleteItem(whatsappInboundItem, { messageId: id });
    throw error;
  }
}

/**
 * One webhook POST from Meta: the signature checked over the raw body (SignatureError otherwise),
 * then each message sent to our phone number answered in its chat (statuses and other fields are
 * acknowledged and left alone). Replies are free-form text: the user's message just opened
 * WhatsApp's 24-hour window.
 */
export async function receiveWhatsApp(input: { body: string; signature: string | undefined; now?: number }): Promise<{ answered: number }> {
  verifyWhatsAppSignature(input.body, input.signature);
  let notification: Notification;
  try {
    notification = JSON.parse(input.body) as Notification;
  } catch {
    throw new ValidationError('The body is not JSON', {}, 'MALFORMED_JSON');
  }
  if (notification.object !== 'whatsapp_business_account') return { answered: 0 };
  const ours = whatsappSetting('WhatsAppPhoneNumberId');
  const messages = (notification.entry ?? [])
    .flatMap((entry) => entry.changes ?? [])
    .filter((change) => change.field === 'messages' && change.value?.metadata?.phone_number_id === ours)
    .flatMap((change) => change.value?.messages ?? []);
  const now = input.now ?? Date.now();
  for (const message of messages) await answer(message, now);
  if (messages.length) log.info('WhatsApp messages answered', { count: messages.length });
  return { answered: messages.length };
}
