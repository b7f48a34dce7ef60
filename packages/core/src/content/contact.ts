import type { ContactRequest } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { getItem, putNew, tableName, transactWrite, withoutKeys } from '../shared/db';
import { NotFoundError } from '../shared/errors';
import { timeSortableId } from '../shared/ids';
import { contentKeys } from './keys';

/** An operator's e-mailed answer, kept with the message. */
export interface ContactReplyItem {
  id: string;
  by: OperatorRef;
  at: string;
  body: string;
}

export interface ContactMessageItem extends ContactRequest {
  id: string;
  createdAt: string;
  /** Support works the inbox by status: new until an operator answers or marks it handled. */
  status: 'new' | 'handled';
  handledAt?: string;
  handledBy?: OperatorRef;
  replies?: ContactReplyItem[];
}

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
  await transactWrite([
    putNew({ ...contentKeys.contactMessage(item.id), ...item }),
    { Put: { TableName: tableName(), Item: { ...contentKeys.contactNew(item.id), id: item.id } } },
  ]);
  return item.id;
}

export async function getContactMessage(id: string): Promise<ContactMessageItem> {
  const item = await getItem<ContactMessageItem>(contentKeys.contactMessage(id));
  if (!item) throw new NotFoundError(`Contact message ${id} not found`, 'CONTACT_MESSAGE_NOT_FOUND', { id });
  return withoutKeys(item);
}
