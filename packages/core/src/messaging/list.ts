import { forwardingChannels, type ForwardingDelivery, type Message, type MessagesQuery } from '@numbernest/contracts';
import type { MessageForwardState } from './forwarding/items';
import { queryAtMost, withoutKeys } from '../shared/db';
import { toDollars } from '../shared/pricing';
import { userPartition } from '../accounts';
import type { MessageItem } from './items';
import { messageKeys } from './keys';

/** Messages per page (the notifications' and rentals' size). */
export const messagesPerPage = 20;

/** The API shape: the text verbatim (plain text; the web renders it as text), dollars at the edge. */
export const toMessage = (m: MessageItem): Message => ({
  id: m.id,
  rental_id: m.rentalId,
  box: m.box,
  from: m.from,
  to: m.to,
  body: m.body,
  ...(m.receivedLength === undefined ? {} : { received_length: m.receivedLength }),
  code: m.code,
  created_at: m.createdAt,
  price: m.priceCents === undefined ? null : toDollars(m.priceCents),
  ...(m.box === 'inbox' ? { verified: m.verified !== false } : {}),
  ...(m.status ? { status: m.status } : {}),
  ...(m.segments ? { segments: m.segments } : {}),
  ...(m.forwarding ? { forwarding: forwardingView(m.forwarding) } : {}),
});

/** Each channel's delivery, in the channels' order. */
const forwardingView = (states: NonNullable<MessageItem['forwarding']>): ForwardingDelivery[] =>
  forwardingChannels.flatMap((channel) => {
    const state: MessageForwardState | undefined = states[channel];
    return state
      ? [{ channel, status: state.status, attempts: state.attempts, ...(state.error ? { error: state.error } : {}), updated_at: state.updatedAt }]
      : [];
  });

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
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': userPartition(sub), ':prefix': messageKeys.prefix };
  if (query.box) {
    filters.push('box = :box');
    values[':box'] = query.box;
  }
  if (query.rental_id) {
    filters.push('rentalId = :rental');
    values[':rental'] = query.rental_id;
  }
  const items = await queryAtMost<MessageItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    (page + 1) * messagesPerPage + 1,
    25,
  );
  return {
    current_page: page,
    per_page: messagesPerPage,
    data: items.slice(page * messagesPerPage, (page + 1) * messagesPerPage).map((item) => toMessage(withoutKeys(item))),
    next_page: items.length > (page + 1) * messagesPerPage ? page + 1 : null,
  };
}
