import type { TFunction } from '@/lib/i18n';
import type { Rental } from '@numbernest/contracts';

/** The flag the web ships for a country (public/images/flags), from its ISO code. */
export const flagSrc = (code: string) => (/^[A-Za-z]{2}$/.test(code) ? `/images/flags/${code.toLowerCase()}.svg` : '');

/** Time left until `iso`, in milliseconds (negative once it has passed). */
export const msUntil = (iso: string, now: number) => Date.parse(iso) - now;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "2 d 4 h", "4 h 05 min", "12:09" in the interface language; `t` bound to the rentals namespace. */
export function formatRemaining(t: TFunction<'rentals'>, ms: number): string {
  const left = Math.max(0, ms);
  if (left >= day) return t('time.daysHours', { days: Math.floor(left / day), hours: Math.floor((left % day) / hour) });
  if (left >= hour) return t('time.hoursMinutes', { hours: Math.floor(left / hour), minutes: String(Math.floor((left % hour) / minute)).padStart(2, '0') });
  const seconds = Math.floor(left / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The status word of a rental: Active, or why it ended (closed, refunded, expired, completed). */
export function statusLabel(t: TFunction<'rentals'>, rental: Pick<Rental, 'status' | 'ended'>): string {
  if (rental.status === 'active') return t('status.active');
  return t(`status.${rental.ended ?? 'inactive'}`);
}

/** The service a rental serves; Private numbers serve every service. */
export const serviceLabel = (t: TFunction<'rentals'>, rental: Pick<Rental, 'service'>) => rental.service?.name || t('allServices');
