import { updateItem } from '../../shared/db';
import { gatewayDeviceItem } from '../../shared/db/items/supply';

/** A touch refused by its condition: the phone is unregistered, or was never registered here. */
class Refused extends Error {
  constructor(readonly registered: boolean) {
    super('refused');
  }
}

/**
 * A phone's webhook call, once its signature checked out: `active` (its last-seen time set now),
 * `unregistered` (refuse it), or `unknown` (never registered here: the seed's phones, whose
 * numbers' sources alone decide what they may report). One conditional update.
 */
export async function touchDevice(id: string, now = new Date()): Promise<'active' | 'unregistered' | 'unknown'> {
  try {
    await updateItem(
      gatewayDeviceItem,
      { id },
      { set: { lastSeenAt: now.toISOString() }, when: { unregisteredAt: { absent: true } }, onConditionFailed: (current) => new Refused(!!current) },
    );
    return 'active';
  } catch (error) {
    if (error instanceof Refused) return error.registered ? 'unregistered' : 'unknown';
    throw error;
  }
}
