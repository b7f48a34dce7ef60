import type { NumberType } from '@numbernest/contracts';
import type { Cents, DiscountsCents } from '../shared/pricing';

/** What the catalogue stores (money in cents). The API shapes live in @numbernest/contracts. */
export interface RentTimeItem {
  id: number;
  name: string;
  days: number;
}

export interface CountryItem {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2, lower case: names the flag image. */
  iso: string;
  /** Country calling code without '+', e.g. '44'. */
  dialCode: string;
  /** Set by an operator: out of every public list, nothing new sold or extended there (running rentals run to their end). */
  disabled?: boolean;
}

/**
 * When and by whom an operator last changed a catalogue item: the seed leaves such an item as it is,
 * so re-seeding never undoes an operator's price or name.
 */
export interface EditedMark {
  editedAt?: string;
  editedBy?: string;
}

export interface ServiceItem {
  id: number;
  name: string;
  /** Names the logo image. */
  slug: string;
  /** Its code in the SMS-Activate protocol (`tg`, `wa`…); absent: the protocol does not carry it. */
  protocolCode?: string;
  /** How its SMS look; absent: its SMS on a Shared or Temporary number become orphans. */
  patterns?: SenderPatterns;
}

/**
 * A service's SMS fingerprint, which routes a Shared or Temporary number's inbound SMS to the
 * renter of that service. Regular expressions as source text: `from` is matched against the whole
 * sender id as the upstream gives it (alphanumeric name, short code, number), case as written;
 * `body` anywhere in the text, ignoring case. The sender is tried first, the body second.
 */
export interface SenderPatterns {
  from: string;
  body: string;
}

/** A service as offered in one country: prices may differ per country. */
export interface ServiceOfferItem {
  countryId: number;
  serviceId: number;
  name: string;
  slug: string;
  pricePerDayCents: Cents;
  discountsCents: DiscountsCents;
  /** One Temporary activation; absent when Temporary is not offered for this service here. */
  temporaryPriceCents?: Cents;
}

export interface PrivateOfferItem {
  countryId: number;
  pricePerDayCents: Cents;
  discountsCents: DiscountsCents;
}

/**
 * The cheapest price of each number type over all offers: one item, so the "from" prices are one
 * GetItem rather than a Query per country. Whoever writes offers rewrites it (today: the seed).
 * A field is absent when that type has no offer.
 */
export interface PriceSummaryItem {
  sharedFromPerDayCents?: Cents;
  privateFromPerDayCents?: Cents;
  temporaryFromCents?: Cents;
}

/**
 * Whether a number is offered. A Private number is `rented` while someone holds it; a Shared or
 * Temporary one stays `available` (each service is rented on its own lock). Retirement is
 * `retiredAt`, apart from this, so a rental ending never puts a retired number back on offer.
 */
export type NumberStatus = 'available' | 'rented';

/**
 * Which upstream carries a number's inbound SMS, and so the only one that may report SMS for it:
 * Twilio, or one SIM slot (`simNumber`, as the app numbers them: 1, 2) of one of our Android phones
 * running android-sms-gateway, named by the app's `deviceId`.
 */
export type NumberSource =
  | { provider: 'twilio' }
  | { provider: 'gateway'; deviceId: string; simNumber: number }
  /** A partner's SIM bank, over the agent protocol: the number exists for us from its first activation on. */
  | { provider: 'agent'; agentId: string }
  /** An upstream provider's activation (SMS-Activate or 5sim): the number exists for us from its first activation on. */
  | { provider: 'upstream'; upstreamId: string };

export interface NumberItem {
  numberId: number;
  countryId: number;
  typeId: NumberType;
  /** E.164, e.g. +447700900123. */
  e164: string;
  /** Rentals take numbers out of the lists by changing this. */
  status: NumberStatus;
  /** A released Private number is listed again from this time (90 days after its rental ended). */
  availableAt?: string;
  /** The upstream that hosts it (a fixed fact); absent on items from before sources: Twilio. */
  source?: NumberSource;
  /** Set by an operator: never offered again (a running rental runs its course). */
  retiredAt?: string;
  retiredReason?: string;
  /** The rentals holding it now, as `<sub>#<rentalId>` (kept with each lock taken and released). */
  activeRentals?: Set<string>;
  /** Kept as SMS arrive (one ADD per accepted inbound SMS, in its transaction). */
  smsCount?: number;
  lastSmsAt?: string;
  /**
   * The picker's list (sparse index numberPicker, range key `e164`): `NUMBERS#<country>#<type>`, present
   * only while the number is offered (not retired; a Private one also not rented).
   */
  pickerList?: string;
  /**
   * Shared and Temporary: `heldUntil_<serviceId>` (see `heldAttribute`) = ISO time until which the
   * number is not offered for that service: far in the future while a rental holds it, the lock's
   * `reusableAt` while it rests, absent when free. Written in the lock's own transactions.
   */
  [held: `heldUntil_${number}`]: string | undefined;
  /** The operators' list (index numberInventory): 'NUMBERS' and `<country, 3 digits>#<type>#<E.164>`. */
  inventoryList?: string;
  inventoryKey?: string;
  /** When an operator's import added it. */
  createdAt?: string;
}
