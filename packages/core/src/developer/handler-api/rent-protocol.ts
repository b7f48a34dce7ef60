/** The rent API's own words: the parameters every rent action reads, and the answers they share. */
import { defaultRentHours, maxRentHours, rentError, rentWord, type RentError, type RentErrorWord } from '@numbernest/contracts/handler-api';
import { rentPeriods, type RentPeriod } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { json, type Answer } from './answers';
import { phoneOf, type Params } from './protocol';

/** SMS-Activate's code for a number that receives every service: our Private number. */
export const allServicesCode = 'full';
/** The only operator we name: we do not choose numbers by carrier. */
export const anyOperator = 'any';

/** A success answer. */
export const ok = (body: Record<string, unknown> = {}): Answer => json({ status: 'success', ...body });
/** An error answer in the rent API's words. */
export const fail = (word: RentErrorWord, info?: RentError['info']): Answer => json(rentError(word, info));

/** 'Y-m-dTH:i:s' (UTC): a rent's end as SMS-Activate writes it. */
const endDate = (iso: string) => iso.slice(0, 19);

/** The shortest rent period that covers `hours` (undefined past the longest). */
export const periodFor = (hours: number): RentPeriod | undefined => rentPeriods.find((p) => p.days * 24 >= hours);

/** The hours asked (`rent_time`, HeroSMS's `duration`, or `hours`), and the period that covers them; or the error answer. */
export function hoursAsked(params: Params): { hours: number; period: RentPeriod } | { error: Answer } {
  const raw = params.rent_time ?? params.duration ?? params.hours;
  const hours = raw === undefined || raw === '' ? defaultRentHours : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(hours) || hours < 1) return { error: fail(rentWord.INVALID_TIME) };
  const period = periodFor(hours);
  if (!period || hours > maxRentHours) return { error: fail(rentWord.MAX_HOURS_EXCEED, { max: maxRentHours }) };
  return { hours, period };
}

/** Whether the operator asked is one we have (none given, or `any`). */
export const knownOperator = (params: Params) => !params.operator || params.operator === anyOperator;

export const phoneAnswer = (rental: RentalItem) => ok({ phone: { id: rental.rentId!, endDate: endDate(rental.expiresAt), number: phoneOf(rental.e164) } });
