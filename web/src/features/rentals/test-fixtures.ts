import { NumberType, type Message, type MessagesReply, type Rental, type RentalsReply } from '@numbernest/contracts';

/** Test-only: rentals and messages as the API answers them (the refund and action fields follow the server's rules unless given). */
export function rental(n: number, change: Partial<Rental> = {}): Rental {
  const started = Date.now() - 60 * 60_000;
  const merged: Rental = {
    id: `r${String(n).padStart(10, '0')}`,
    number: `+4477009001${String(n).padStart(2, '0')}`,
    country: { id: 1, name: 'United Kingdom', code: 'GB' },
    service: { id: 10, name: 'WhatsApp', url: '/images/services/whatsapp.svg' },
    type: NumberType.Shared,
    status: 'active',
    started_at: new Date(started).toISOString(),
    expires_at: new Date(started + 7 * 24 * 60 * 60_000).toISOString(),
    price: 3.5,
    messages_count: 0,
    sent_count: 0,
    last_message: null,
    ended: null,
    refundable_until: null,
    closable_from: '',
    refundable: false,
    can_extend: false,
    sends_sms: false,
    refund_window: true,
    ...change,
  };
  const unused = merged.status === 'active' && merged.messages_count === 0 && merged.sent_count === 0;
  const after = (minutes: number) => new Date(Date.parse(merged.started_at) + minutes * 60_000).toISOString();
  const temporary = merged.type === NumberType.Temporary;
  const refundableUntil =
    'refundable_until' in change
      ? change.refundable_until!
      : unused && (temporary || merged.refund_window)
        ? temporary
          ? merged.expires_at
          : after(20)
        : null;
  const active = merged.status === 'active';
  return {
    ...merged,
    refundable_until: refundableUntil,
    closable_from: change.closable_from ?? after(temporary ? 2 : 0),
    refundable: change.refundable ?? (refundableUntil !== null && (temporary ? unused : Date.now() < Date.parse(refundableUntil))),
    can_extend: change.can_extend ?? (active && !temporary),
    sends_sms: change.sends_sms ?? merged.type === NumberType.Private,
    other_messages_count: change.other_messages_count ?? 0,
    can_finish: change.can_finish ?? (temporary && active && merged.messages_count > 0),
    can_request_another_code: change.can_request_another_code ?? (temporary && active && merged.messages_count > 0),
    another_code_requested: change.another_code_requested ?? false,
    can_report:
      change.can_report ??
      (temporary && active ? [...(merged.messages_count === 0 && Date.now() >= Date.parse(after(2)) ? (['not_delivered'] as const) : []), 'already_used'] : []),
    reported: change.reported ?? null,
  };
}

export const rentalsPage = (data: Rental[], nextPage: number | null = null, page = 0): RentalsReply => ({
  message: 'success',
  data: { current_page: page, per_page: 20, data, next_page: nextPage },
});

export function message(n: number, change: Partial<Message> = {}): Message {
  return {
    id: `m${n}`,
    rental_id: 'r0000000001',
    box: 'inbox',
    from: 'WhatsApp',
    to: '+447700900101',
    body: `Your WhatsApp code is ${100000 + n}. Do not share it.`,
    code: String(100000 + n),
    created_at: new Date(Date.now() - n * 60_000).toISOString(),
    price: null,
    ...change,
  };
}

export const messagesPage = (data: Message[], nextPage: number | null = null, page = 0): MessagesReply => ({
  message: 'success',
  data: { current_page: page, per_page: 20, data, next_page: nextPage },
});
