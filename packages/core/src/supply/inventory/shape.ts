import type { InventoryNumber, InventoryRental, InventoryStatus } from '@numbernest/contracts/ops';
import type { NumberItem, NumberSource } from '../../catalogue';
import { sourceOf } from '../../catalogue';

/** A source as text: `twilio` or `gateway:<deviceId>:<simNumber>` (the CSV's and the API's form). */
export function sourceText(source: NumberSource): string {
  switch (source.provider) {
    case 'twilio':
      return 'twilio';
    case 'gateway':
      return `gateway:${source.deviceId}:${source.simNumber}`;
    case 'agent':
      return `agent:${source.agentId}`;
    case 'upstream':
      return `upstream:${source.upstreamId}`;
  }
}

/** The text form back (undefined: not a source). Device ids as android-sms-gateway names them. */
export function parseSource(text: string): NumberSource | undefined {
  if (text === 'twilio') return { provider: 'twilio' };
  const match = /^gateway:([A-Za-z0-9._-]{1,128}):([1-9])$/.exec(text);
  return match ? { provider: 'gateway', deviceId: match[1]!, simNumber: Number(match[2]) } : undefined;
}

/**
 * A number's state for operators: retired (never offered again), rented (someone holds it now:
 * the whole Private number, or a Shared/Temporary number for one service or more), resting (a
 * Private number after use, offered again at `availableAt`), else available.
 */
export function inventoryStatus(n: NumberItem, now: Date): InventoryStatus {
  if (n.retiredAt) return 'retired';
  if (n.activeRentals?.size || n.status === 'rented') return 'rented';
  if (n.availableAt && n.availableAt > now.toISOString()) return 'resting';
  return 'available';
}

/** `<sub>#<rentalId>` (the number's activeRentals) back to its parts. */
export function holderOf(ref: string): { sub: string; rentalId: string } {
  const at = ref.lastIndexOf('#');
  return { sub: ref.slice(0, at), rentalId: ref.slice(at + 1) };
}

export function toInventoryNumber(n: NumberItem, rentals: InventoryRental[], now: Date): InventoryNumber {
  const status = inventoryStatus(n, now);
  return {
    id: n.numberId,
    e164: n.e164,
    country_id: n.countryId,
    mobile_number_type_id: n.typeId,
    source: sourceText(sourceOf(n)),
    status,
    resting_until: status === 'resting' ? (n.availableAt ?? null) : null,
    retired_at: n.retiredAt ?? null,
    retired_reason: n.retiredReason ?? null,
    rentals,
    last_sms_at: n.lastSmsAt ?? null,
    sms_count: n.smsCount ?? 0,
  };
}
