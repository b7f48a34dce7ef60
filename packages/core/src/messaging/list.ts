import type { Message, MessagesQuery } from '@numbernest/contracts';
import { readPartition } from '../shared/db/item';
import { messageItem } from '../shared/db/items/messages';
import { timeSortableIdAt } from '../shared/ids';
import type { MessageItem } from './items';
import { messageKeys } from './keys';
import { toMessage } from './message-view';

/** Messages per page (the notifications' and rentals' size). */
export const messagesPerPage = 20;

export interface MessagePage {
  current_page: number;
  per_page: number;
  data: Message[];
  next_page: number | null;
}

/**
 * Page `page` (from 0) of the user's messages, newest first, optionally one box and one rental:
 * a Query of the user's own partition backwards (so only the caller's, whatever rental id is
 * asked for), reading the pages before too, as notifications do (pages are capped by the query schema).
 */
export async function listMessages(sub: string, query: MessagesQuery): Promise<MessagePage> {
  const page = query.page ?? 0;
  const items = await readPartition(
    messageItem,
    { sub, id: '' },
    {
      skPrefix: messageKeys.prefix,
      descending: true,
      filter: { ...(query.box ? { box: { equals: query.box } } : {}), ...(query.rental_id ? { rentalId: { equals: query.rental_id } } : {}) },
      limit: (page + 1) * messagesPerPage + 1,
      pageSize: 25,
    },
  );
  return {
    current_page: page,
    per_page: messagesPerPage,
    data: items.slice(page * messagesPerPage, (page + 1) * messagesPerPage).map(toMessage),
    next_page: items.length > (page + 1) * messagesPerPage ? page + 1 : null,
  };
}

/**
 * A rental's SMS as its renter's lists count them (inbox, verified or stored before verification
 * was), newest first, at most `limit` (read `pageSize` at least a page); `storedBetween`: only
 * those stored in this time range (epoch ms), read as a range of ids, which begin with their time.
 */
export function rentalSms(
  sub: string,
  rentalId: string,
  options: { limit: number; pageSize: number; storedBetween?: [number, number] },
): Promise<MessageItem[]> {
  const range = options.storedBetween?.map((ms) => `${messageKeys.prefix}${timeSortableIdAt(ms)}`);
  return readPartition(
    messageItem,
    { sub, id: '' },
    {
      ...(range ? { skFrom: range[0], skTo: range[1] } : { skPrefix: messageKeys.prefix }),
      descending: true,
      filter: { rentalId: { equals: rentalId }, box: { equals: 'inbox' }, anyOf: [{ verified: { absent: true } }, { verified: { equals: true } }] },
      limit: options.limit,
      pageSize: options.pageSize,
    },
  );
}
