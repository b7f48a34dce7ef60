import type { CountryCode } from 'libphonenumber-js/core';

/**
 * THE destinations of Start Chat, Twilio's price to each, our margin and the caps on sending (pure
 * data). After changing the countries, run `npx tsx packages/core/tools/make-sms-metadata.ts`
 * (the phone-number metadata of exactly these countries; a unit test says when it is due).
 */

export interface SmsCountryTariff {
  /**
   * Twilio's outbound SMS price per segment to a mobile number of this country, in hundredths of a
   * cent (83 = $0.0083), as published (the highest carrier's, where Twilio prices by carrier).
   */
  twilioPrice: number;
  /** Where and when the figure was read. */
  source: string;
}

const usPage = "Twilio's US SMS pricing page (long code, outbound, per segment), 'current as of October 2026', read 2026-11";
const lcPhone = "Twilio's rate as passed on by LC Phone (a Twilio-based reseller) in its 2025 pricing guide, per segment";
const csv2023 = "Twilio's SMS price list export (Outbound SMS, every carrier the same), 2023-05-19";

/**
 * The destinations Start Chat sends to, with Twilio's published outbound price. Refresh a figure
 * from Twilio's price list (Console → Messaging pricing, or the Pricing API
 * `GET https://pricing.twilio.com/v1/Messaging/Countries/{ISO}`) and add a country the same way.
 *
 * Deliberately NOT offered although Twilio prices them, being over 15 cents a segment (where pumping
 * pays): Afghanistan $0.159 (2023 export), Angola $0.1789, Mauritius $0.1896, Suriname $0.2350,
 * Trinidad and Tobago $0.2992, Nepal $0.3022 (LC Phone, 2025).
 */
export const smsTariff: Partial<Record<CountryCode, SmsCountryTariff>> = {
  US: { twilioPrice: 83, source: usPage },
  CA: { twilioPrice: 83, source: lcPhone },
  PR: { twilioPrice: 420, source: lcPhone },
  AG: { twilioPrice: 473, source: csv2023 },
  AE: { twilioPrice: 895, source: csv2023 },
  AD: { twilioPrice: 995, source: csv2023 },
  ME: { twilioPrice: 1375, source: lcPhone },
};

/** Our margin over Twilio's price: ×1.5, rounded up to the cent. */
export const smsMargin = { numerator: 3, denominator: 2 } as const;
/** No segment costs less than this, in cents. */
export const smsSegmentFloorCents = 5;

/** Segments one user may send per UTC day, over all their numbers. */
export const smsDailySegmentCap = 200;
/**
 * Different destinations one user may write to per UTC day. Many new destinations in a short time
 * is the signature of pumping (a person chats with a few people; a fraud script walks a number
 * range), so this is counted apart from the volume: a conversation with known destinations goes on.
 */
export const smsDailyDestinationCap = 10;
