import { randomBytes } from 'node:crypto';

let lastTime = 0;

/**
 * Ids that sort by creation time (base-36 milliseconds, 9 characters), then 64 random bits so two
 * ids made in the same millisecond by different processes never collide. Within one process the
 * time part never repeats (a burst borrows the next millisecond), so its ids keep their order.
 */
export function timeSortableId(now = Date.now()): string {
  lastTime = Math.max(now, lastTime + 1);
  return `${lastTime.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

/** The time part of ids made at `ms` (their first 9 characters): a sort-key bound of a time range. */
export const timeSortableIdAt = (ms: number) => Math.max(0, Math.floor(ms)).toString(36).padStart(9, '0');
