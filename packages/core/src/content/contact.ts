import type { ContactRequest } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import { readItem, transact, txPut, txPutNew } from '../shared/db/item';
import { contactInboxEntryItem, contactMessageItem } from '../shared/db/items/content';
import { ConflictError, NotFoundError } from '../shared/errors';
import { timeSortableId } from '../shared/ids';

export type ContactMessageItem = z.infer<typeof contactMessageItem.schema>;
/** An operator's e-mailed answer, kept with the message. */
export type ContactReplyItem = NonNullable<ContactMessageItem['replies']>[number];

/** Writes that cannot fail on a condition of their own (a new time id, an idempotent list entry). */
export const neverRefused = () => new ConflictError('The contact inbox changed meanwhile; try again', 'CONFLICT');

/** Stores a contact-form message with status 'new' (and its place in the inbox's new list) and returns its id. */
export async function saveContactMessage(input: ContactRequest): Promise<string> {
  const item: ContactMessageItem = {
    id: timeSortableId(),
    createdAt: new Date().toISOString(),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    status: 'new',
  };
  await transact([
    txPutNew(contactMessageItem, item, neverRefused),
    txPut(contactInboxEntryItem, { list: 'NEW', id: item.id }, { onConditionFailed: neverRefused }),
  ]);
  return item.id;
}

export const contactMessageNotFound = (id: string) => new NotFoundError(`Contact message ${id} not found`, 'CONTACT_MESSAGE_NOT_FOUND', { id });

export async function getContactMessage(id: string): Promise<ContactMessageItem> {
  const item = await readItem(contactMessageItem, { id });
  if (!item) throw contactMessageNotFound(id);
  return item;
}
