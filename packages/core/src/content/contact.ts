import type { ContactRequest } from '@numbernest/contracts';
import { getItem, putNewItem, withoutKeys } from '../db';
import { NotFoundError } from '../errors';
import { timeSortableId } from '../ids';
import { contentKeys } from './keys';

export interface ContactMessageItem extends ContactRequest {
  id: string;
  createdAt: string;
  /** Support works the inbox by status. */
  status: 'new' | 'answered' | 'closed';
}

/** Stores a contact-form message with status 'new' and returns its id. */
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
  await putNewItem({ ...contentKeys.contactMessage(item.id), ...item });
  return item.id;
}

export async function getContactMessage(id: string): Promise<ContactMessageItem> {
  const item = await getItem<ContactMessageItem>(contentKeys.contactMessage(id));
  if (!item) throw new NotFoundError(`Contact message ${id} not found`, 'CONTACT_MESSAGE_NOT_FOUND', { id });
  return withoutKeys(item);
}
