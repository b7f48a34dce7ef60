import { serviceCatalog, countryIdOfIso } from '../../catalogue';
import { ConflictError, RateLimitedError } from '../../shared/errors';
import { formatDollars } from '../../shared/pricing';
import type { ActivationItem, RentalItem } from '../../rentals';
import {
  finishActivation,
  findActivationWithRental,
  listActiveActivations,
  requestAnotherCode,
  type FoundActivation,
  endRental,
  closeDecision,
  EarlyCancelError,
} from '../../rentals';
import type { UserItem } from '../../accounts';
import { noActivationsWord } from '@numbernest/contracts/handler-api';
import { reportReasons, type ReportReason } from '@numbernest/contracts';
import { errors, json, success, type Answer } from './answers';
import { bannedUntil, parseId, phoneOf, protocolTime, type Params } from './protocol';

/** The protocol's actions on activations: their status, the renter's word on them (setStatus), the active ones. */

export type { FoundActivation };

/** The activation with this id and its rental, whoever owns them (undefined: no such activation). */
export async function readActivation(idParam: string | undefined): Promise<FoundActivation | undefined> {
  const id = parseId(idParam);
  return id === undefined ? undefined : findActivationWithRental(id);
}

/** The caller's activation with this id (anyone else's or none: undefined), read ahead or now. */
async function activationOf(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<FoundActivation | undefined> {
  const found = await (readAhead ?? readActivation(params.id));
  return found?.activation.sub === user.sub ? found : undefined;
}

/** Whether the last code is still the one the caller rejected (setStatus 3). */
const waitingForAnother = (activation: ActivationItem, rental: RentalItem) =>
  activation.retryAfter !== undefined && rental.messagesCount <= activation.retryAfter;

function statusAnswer(activation: ActivationItem, rental: RentalItem): Answer {
  const code = rental.lastMessage?.code ?? rental.lastMessage?.body ?? '';
  if (rental.status === 'inactive') return rental.messagesCount > 0 && rental.ended !== 'refunded' ? success.ok(code) : success.statusCancel;
  if (rental.messagesCount === 0) return success.waitCode;
  if (waitingForAnother(activation, rental)) return success.waitRetry(code);
  return success.ok(code);
}

export async function getStatus(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  const found = await activationOf(user, params, readAhead);
  return found ? statusAnswer(found.activation, found.rental) : errors.noActivation;
}

export async function getStatusV2(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  const found = await activationOf(user, params, readAhead);
  if (!found) return errors.noActivation;
  const { activation, rental } = found;
  const message = rental.lastMessage;
  const fresh = message && !waitingForAnother(activation, rental);
  if (rental.status === 'inactive' && !(rental.messagesCount > 0 && rental.ended !== 'refunded')) return success.statusCancel;
  return json({
    verificationType: 0,
    sms: fresh ? { dateTime: protocolTime(message.receivedAt), code: message.code ?? '', text: message.body } : null,
    call: null,
  });
}

/**
 * Cancel (setStatus 8): a full refund while no SMS came; refused once one has, and in the first two
 * minutes (rules.ts). With our `reason` (not_delivered or already_used) a report instead: the web's
 * Report number, by its rules (refunded in full, the number blocked for the service), answered as a cancel.
 */
async function cancel(rental: RentalItem, reason?: ReportReason): Promise<Answer> {
  if (!reason) {
    const decision = closeDecision(rental, new Date(), { onlyIfUnused: true });
    if (!decision.allowed) return decision.reason === 'early' ? errors.earlyCancelDenied : errors.badStatus;
  }
  try {
    // onlyIfUnused: an SMS arriving between the read and the write refuses the cancel (nothing ends).
    const ended = await endRental(rental, reason ? { ended: 'reported', reason } : { ended: 'closed', onlyIfUnused: true });
    return ended ? success.cancel : errors.badStatus;
  } catch (error) {
    if (error instanceof EarlyCancelError) return errors.earlyCancelDenied;
    if (error instanceof RateLimitedError) return errors.banned(bannedUntil(error));
    if (error instanceof ConflictError) return errors.badStatus;
    throw error;
  }
}

export async function setStatus(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  const status = params.status;
  if (!status || !['1', '3', '6', '8'].includes(status)) return errors.badStatus;
  // Our extension of 8: a reason reports the number instead of cancelling (clients of the protocol never send one).
  const reason = params.reason;
  if (reason !== undefined && (status !== '8' || !reportReasons.includes(reason as ReportReason))) return errors.badStatus;
  const found = await activationOf(user, params, readAhead);
  if (!found) return errors.noActivation;
  const { rental } = found;
  if (rental.status !== 'active') return errors.badStatus;
  switch (status) {
    case '1':
      return success.ready;
    case '3':
      // Another code: the current ones count as seen; getStatus waits for a newer one.
      try {
        await requestAnotherCode(rental);
      } catch (error) {
        if (error instanceof ConflictError) return errors.badStatus;
        throw error;
      }
      return success.retryGet;
    case '6':
      return (await finishActivation(rental)) ? success.activation : errors.badStatus;
    default:
      return cancel(rental, reason as ReportReason | undefined);
  }
}

export async function getActiveActivations(user: UserItem): Promise<Answer> {
  const [rentals, services] = await Promise.all([listActiveActivations(user.sub), serviceCatalog()]);
  if (rentals.length === 0) return json({ status: 'error', error: noActivationsWord });
  return json({
    status: 'success',
    activeActivations: rentals.map((r) => ({
      activationId: String(r.activationId),
      serviceCode: (r.serviceId !== undefined && services.byId.get(r.serviceId)?.protocolCode) || '',
      phoneNumber: phoneOf(r.e164),
      activationCost: formatDollars(r.priceCents),
      activationStatus: r.messagesCount > 0 ? '2' : '4',
      smsCode: r.lastMessage?.code ? [r.lastMessage.code] : null,
      smsText: r.lastMessage ? `[${r.lastMessage.body}]` : null,
      activationTime: protocolTime(r.startedAt),
      discount: '0.00',
      repeated: '0',
      countryCode: String(countryIdOfIso(r.countryCode) ?? ''),
      countryName: r.countryName,
      canGetAnotherSms: '1',
    })),
  });
}
