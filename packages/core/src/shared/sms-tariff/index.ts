import { fieldProblem, type FieldProblem } from '@numbernest/contracts';
import { parsePhoneNumberFromString, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import { countSegments, type SmsSegments } from '../sms-segments';
import phoneMetadata from './phone-metadata.json';
import { smsMargin, smsSegmentFloorCents, smsTariff } from './table';

export * from './table';

/**
 * What a Start Chat SMS costs, per destination country, and whether it may go: pure (no AWS, no
 * Node), so the web shows before sending exactly what the server then charges or refuses.
 * `@numbernest/core/sms-tariff`.
 *
 * The destination's country comes from the `to` number: libphonenumber-js with its own metadata
 * cut down to the tariff's countries (phone-metadata.json, a few KB instead of 80, which keeps the
 * send Lambda inside its 150 KB). Only the countries of `smsTariff` are offered; any other
 * destination is refused before anything is debited or sent. That list is the first defence
 * against SMS pumping (toll fraud through numbers in expensive destinations).
 *
 * Price per segment = Twilio's outbound SMS price per segment × 1.5, rounded up to the cent, and
 * never below 5 cents (what Start Chat has always cost within North America).
 */

const metadata = phoneMetadata as unknown as MetadataJson;

/** Cents per segment for a Twilio price in hundredths of a cent: ×1.5 rounded up to the cent, at least the floor. */
export function segmentPriceCents(twilioPrice: number): number {
  const { numerator, denominator } = smsMargin;
  return Math.max(smsSegmentFloorCents, Math.ceil((twilioPrice * numerator) / (denominator * 100)));
}

/** The countries Start Chat sends to, A to Z by code. */
export const smsCountries = (Object.keys(smsTariff) as CountryCode[]).sort();

export type SmsDestination = { supported: true; country: CountryCode; segmentCents: number } | { supported: false };

/** The destination of an E.164 number: its country and the price per segment there, or unsupported (any other country, or not a valid number). */
export function smsDestination(to: string): SmsDestination {
  const number = parsePhoneNumberFromString(to.trim(), metadata);
  const tariff = number?.country && number.isValid() ? smsTariff[number.country] : undefined;
  if (!number?.country || !tariff) return { supported: false };
  return { supported: true, country: number.country, segmentCents: segmentPriceCents(tariff.twilioPrice) };
}

export interface SmsQuote {
  destination: SmsDestination;
  segments: SmsSegments;
  /** The whole message's price in cents (segments × the destination's price per segment); null where it cannot go. */
  priceCents: number | null;
}

/** What sending this text (trimmed, as the API trims it) to this number costs, as the server charges it. */
export function quoteSms(to: string, text: string): SmsQuote {
  const destination = smsDestination(to);
  const segments = countSegments(text);
  return {
    destination,
    segments,
    priceCents: destination.supported ? segments.segments * destination.segmentCents : null,
  };
}

/** A country's name (`AE` -> United Arab Emirates) in a language, by the platform's own Intl data. */
export const countryName = (country: string, locale = 'en'): string => new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;

/** The field errors of a quote (what the API answers 400 with), or undefined when it may be sent. */
export function quoteProblems(quote: SmsQuote): Record<string, FieldProblem[]> | undefined {
  const problems: Record<string, FieldProblem[]> = {};
  if (!quote.destination.supported) {
    problems.to = [fieldProblem('SMS_COUNTRY_UNSUPPORTED', { countries: smsCountries.map((c) => countryName(c)).join(', ') })];
  }
  return Object.keys(problems).length ? problems : undefined;
}
