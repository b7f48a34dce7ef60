import type { NumberSource, CompiledPatterns } from '../catalogue';
import type { InboundSms, OrphanReason } from './items';

/**
 * Who gets an inbound SMS (pure). A Private number's renter gets everything; a Shared or Temporary
 * number is rented per service, so its SMS goes to the active renter whose service matches the
 * sender (first) or the text (second). Anything unclear is an orphan: an SMS is never shown to a
 * renter it may not be meant for.
 *
 * Only the sender makes it the service's SMS (`verified`): anyone can write a service's words to a
 * Shared number, so a text-only match is shown to the renter, labelled, but is not their code and
 * does not count as use. A Private number is the renter's whole number (every service, and people
 * replying to Start Chat), so every sender counts there.
 */

/** An active hold on a number (a NUMBER_LOCK item): the whole number (Private) or one service. */
export interface ActiveLock {
  /** Absent: the whole number (Private, lock `ALL`). */
  serviceId?: number;
  rentalId: string;
  sub: string;
}

export type Routing =
  { kind: 'renter'; lock: ActiveLock; matchedBy: 'whole-number' | 'sender' | 'body'; verified: boolean } | { kind: 'orphan'; reason: OrphanReason };

const renter = (lock: ActiveLock, matchedBy: 'whole-number' | 'sender' | 'body'): Routing => ({
  kind: 'renter',
  lock,
  matchedBy,
  verified: matchedBy !== 'body',
});

/** A service's compiled patterns (the catalogue's: catalog/service-routing.ts), undefined when it has none. */
export type PatternsOf = (serviceId: number) => CompiledPatterns | undefined;

/** Whether an SMS looks like the service's: by its sender id (with or without a leading +), else by its text. */
export function serviceMatch(patterns: CompiledPatterns | undefined, from: string, body: string): 'sender' | 'body' | undefined {
  if (!patterns) return undefined; // a service without patterns never matches: its SMS become orphans
  const sender = from.trim();
  if (patterns.from.test(sender) || patterns.from.test(sender.replace(/^\+/, ''))) return 'sender';
  if (patterns.body.test(body)) return 'body';
  return undefined;
}

/**
 * The renter among a number's active locks. Several services matching the sender (a short code
 * two services share) are told apart by the text; still more than one is `ambiguous`.
 */
export function chooseRenter(locks: readonly ActiveLock[], from: string, body: string, patternsOf: PatternsOf): Routing {
  if (!locks.length) return { kind: 'orphan', reason: 'no-active-rental' };
  const whole = locks.find((lock) => lock.serviceId === undefined);
  if (whole) return renter(whole, 'whole-number');

  const matches = locks.map((lock) => ({ lock, by: serviceMatch(patternsOf(lock.serviceId!), from, body) }));
  const bySender = matches.filter((m) => m.by === 'sender');
  if (bySender.length === 1) return renter(bySender[0]!.lock, 'sender');
  if (bySender.length > 1) {
    // The sender is each of theirs (a shared short code): the text only picks which one.
    const byBoth = bySender.filter((m) => patternsOf(m.lock.serviceId!)!.body.test(body));
    return byBoth.length === 1 ? renter(byBoth[0]!.lock, 'sender') : { kind: 'orphan', reason: 'ambiguous' };
  }
  const byBody = matches.filter((m) => m.by === 'body');
  if (byBody.length === 1) return renter(byBody[0]!.lock, 'body');
  return { kind: 'orphan', reason: byBody.length > 1 ? 'ambiguous' : 'no-matching-service' };
}

/** A number as an upstream writes it to E.164: spaces, dashes, dots and parentheses out, a leading + in. */
export function normaliseE164(number: string): string {
  const compact = number.trim().replace(/[\s().-]/g, '');
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  return compact.startsWith('+') ? compact : /^\d+$/.test(compact) ? `+${compact}` : compact;
}

/**
 * Whether the upstream that reported an SMS hosts the number it names: Twilio for its numbers; for
 * a phone's, that phone (its signed deviceId) and, when the app names the SIM slot, that slot; for
 * a partner's SIM bank, that agent.
 */
export function hostsNumber(sms: Pick<InboundSms, 'provider' | 'deviceId' | 'simNumber' | 'agentId' | 'upstreamId'>, source: NumberSource): boolean {
  switch (source.provider) {
    case 'twilio':
      return sms.provider === 'twilio';
    case 'gateway':
      return sms.provider === 'gateway' && sms.deviceId === source.deviceId && (sms.simNumber === undefined || sms.simNumber === source.simNumber);
    case 'agent':
      return sms.provider === 'agent' && sms.agentId === source.agentId;
    case 'upstream':
      return sms.provider === 'upstream' && sms.upstreamId === source.upstreamId;
  }
}
