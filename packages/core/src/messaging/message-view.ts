/** A message as the API shows it (a module of its own: the send path shows one without reading any list). */
import { forwardingChannels, type ForwardingDelivery, type Message } from '@numbernest/contracts';
import type { MessageForwardState } from './forwarding/items';
import { toDollars } from '../shared/pricing';
import type { MessageItem } from './items';

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
