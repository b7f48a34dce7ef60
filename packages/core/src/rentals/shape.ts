import type { Rental } from '@numbernest/contracts';
import { serviceLogoUrl } from '../shared/images';
import { toDollars } from '../shared/pricing';
import type { RentalItem } from './items';
import { closableFrom, codeActionsAllowed, extendableAt, refundableUntil, refundsOnClose, reportsAllowed, sendsSms } from './rules';

/** The API shape: dollars at the edge; Private has no service; what the renter may do now, decided by the rules. */
export const toRental = (r: RentalItem): Rental => rentalAsOf(r, new Date());

const rentalAsOf = (r: RentalItem, now: Date): Rental => ({
  id: r.id,
  number: r.e164,
  country: { id: r.countryId, name: r.countryName, code: r.countryCode },
  service: r.serviceId === undefined ? null : { id: r.serviceId, name: r.serviceName ?? '', url: serviceLogoUrl(r.serviceSlug ?? '') },
  type: r.typeId,
  status: r.status,
  started_at: r.startedAt,
  expires_at: r.expiresAt,
  price: toDollars(r.priceCents),
  messages_count: r.messagesCount,
  sent_count: Math.max(0, r.sentCount ?? 0),
  last_message: r.lastMessage ? { body: r.lastMessage.body, code: r.lastMessage.code, from: r.lastMessage.from, received_at: r.lastMessage.receivedAt } : null,
  ended: r.ended ?? null,
  refundable_until: refundableUntil(r),
  closable_from: closableFrom(r),
  refundable: r.status === 'active' && refundsOnClose(r, now),
  refund_window: r.closeRefund !== false,
  can_extend: extendableAt(r, now),
  sends_sms: sendsSms(r),
  other_messages_count: Math.max(0, r.unverifiedCount ?? 0),
  can_finish: codeActionsAllowed(r),
  can_request_another_code: codeActionsAllowed(r),
  another_code_requested: r.status === 'active' && r.anotherCodeAfter !== undefined && r.messagesCount <= r.anotherCodeAfter,
  can_report: reportsAllowed(r, now),
  reported: r.reported?.reason ?? null,
});
