import type { ContactMessage, ContactMessageStatus, OperatorRef } from '@numbernest/contracts/ops';
import { countItems, readItems, readPage, transact, txDelete, txPut, txUpdate, type Page, type TransactPart } from '../shared/db/item';
import { contactInboxEntryItem, contactMessageItem } from '../shared/db/items/content';
import { ConflictError } from '../shared/errors';
import { timeSortableId } from '../shared/ids';
import { sendEmail } from '../shared/mail/send';
import { auditPart } from '../accounts';
import { contactMessageNotFound, getContactMessage, neverRefused, type ContactMessageItem, type ContactReplyItem } from './contact';
import { contactReplyText } from './reply-email';

/**
 * The operators' contact inbox. Each message sits in one of two lists of the `CONTACT_INBOX`
 * partition (`NEW#<id>`, `HANDLED#<id>`), moved in the same transaction as its status, so a tab is
 * one Query (and a BatchGet of its messages) and the unanswered count is a COUNT Query.
 */
const listOf: Record<ContactMessageStatus, 'NEW' | 'HANDLED'> = { new: 'NEW', handled: 'HANDLED' };

export const toContactMessage = (item: ContactMessageItem): ContactMessage => ({
  id: item.id,
  name: item.name,
  email: item.email,
  subject: item.subject,
  message: item.message,
  status: item.status === 'new' ? 'new' : 'handled',
  created_at: item.createdAt,
  handled_at: item.handledAt ?? null,
  handled_by: item.handledBy ?? null,
  replies: item.replies ?? [],
});

/** One tab of the inbox, newest first, a page at a time. */
export async function listContactMessages(status: ContactMessageStatus, options: { limit?: number; cursor?: string } = {}): Promise<Page<ContactMessageItem>> {
  const list = listOf[status];
  const page = await readPage(contactInboxEntryItem, { list, id: '' }, options.limit ?? 50, options.cursor, { skPrefix: `${list}#`, descending: true });
  const found = await readItems(
    contactMessageItem,
    page.items.map(({ id }) => ({ id })),
  );
  const byId = new Map(found.map((item) => [item.id, item]));
  return { ...page, items: page.items.flatMap((item) => byId.get(item.id) ?? []) };
}

/** How many contact messages nobody has answered or handled yet (a COUNT Query: no items read). */
export const countUnansweredContactMessages = (): Promise<number> => countItems(contactInboxEntryItem, { list: 'NEW', id: '' }, 'NEW#');

/** The message moves from the new list to the handled one (both writes are idempotent). */
const moveToHandled = (id: string): TransactPart[] => [
  txDelete(contactInboxEntryItem, { list: 'NEW', id }, { onConditionFailed: neverRefused }),
  txPut(contactInboxEntryItem, { list: 'HANDLED', id }, { onConditionFailed: neverRefused }),
];

/** The operator's audit entry, in the same transaction (a new time id: never refused). */

/**
 * An operator answers a contact message: the answer is e-mailed to the sender first (SES; locally
 * the local mailbox), then kept with the message, which becomes handled, with its audit entry in
 * the same transaction. Answering a handled message again adds another answer.
 */
export async function replyToContactMessage(id: string, operator: OperatorRef, body: string): Promise<ContactMessageItem> {
  const message = await getContactMessage(id);
  const subject = message.subject.toLowerCase().startsWith('re:') ? message.subject : `Re: ${message.subject}`;
  await sendEmail({ to: message.email, subject, text: contactReplyText(message, body) });
  const reply: ContactReplyItem = { id: timeSortableId(), by: operator, at: new Date().toISOString(), body };
  const wasNew = message.status === 'new';
  await transact([
    txUpdate(
      contactMessageItem,
      { id },
      {
        append: { replies: [reply] },
        set: { status: 'handled' },
        setIfUnset: { handledAt: reply.at, handledBy: operator },
        onConditionFailed: () => contactMessageNotFound(id),
      },
    ),
    ...moveToHandled(id),
    auditPart(
      {
        operator,
        action: 'contact-message.reply',
        target: { type: 'contact-message', id },
        before: { status: message.status, replies: message.replies?.length ?? 0 },
        after: { status: 'handled', replies: (message.replies?.length ?? 0) + 1, reply: body },
      },
      undefined,
      neverRefused,
    ),
  ]);
  return {
    ...message,
    status: 'handled',
    handledAt: wasNew ? reply.at : (message.handledAt ?? reply.at),
    handledBy: wasNew ? operator : (message.handledBy ?? operator),
    replies: [...(message.replies ?? []), reply],
  };
}

/** An operator marks a new message handled without answering it (spam, answered elsewhere). */
export async function markContactMessageHandled(id: string, operator: OperatorRef, reason?: string): Promise<ContactMessageItem> {
  const message = await getContactMessage(id);
  const at = new Date().toISOString();
  const alreadyHandled = () => new ConflictError('This message is handled already', 'CONTACT_MESSAGE_HANDLED');
  if (message.status !== 'new') throw alreadyHandled();
  await transact([
    txUpdate(
      contactMessageItem,
      { id },
      { set: { status: 'handled', handledAt: at, handledBy: operator }, when: { status: { equals: 'new' } }, onConditionFailed: alreadyHandled },
    ),
    ...moveToHandled(id),
    auditPart(
      {
        operator,
        action: 'contact-message.handled',
        target: { type: 'contact-message', id },
        before: { status: 'new' },
        after: { status: 'handled' },
        ...(reason ? { reason } : {}),
      },
      undefined,
      neverRefused,
    ),
  ]);
  return { ...message, status: 'handled', handledAt: at, handledBy: operator };
}
