import type { Message, Rental } from '@numbernest/contracts';
import { useEffect, useRef } from 'react';

/**
 * DOM events on `window` for pages that want to react to a push at once (e.g. show the OTP of a
 * new SMS without waiting for their SWR key to be fetched again). The SWR caches are refreshed anyway.
 */
export const realtimeEvents = {
  /** A new SMS: `detail` = `{ message, rental }`. */
  message: 'numbernest:message',
  /** A rental was bought, extended or ended: `detail` = `{ rental }`. */
  rental: 'numbernest:rental',
} as const;

export interface RealtimeEventDetail {
  [realtimeEvents.message]: { message: Message; rental: Rental };
  [realtimeEvents.rental]: { rental: Rental };
}

export type RealtimeEventName = keyof RealtimeEventDetail;

export function dispatchRealtimeEvent<N extends RealtimeEventName>(name: N, detail: RealtimeEventDetail[N]): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Calls `listener` with each pushed detail while the component is mounted (the latest listener is used). */
export function useRealtimeEvent<N extends RealtimeEventName>(name: N, listener: (detail: RealtimeEventDetail[N]) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const handle = (event: Event) => latest.current((event as CustomEvent<RealtimeEventDetail[N]>).detail);
    window.addEventListener(name, handle);
    return () => window.removeEventListener(name, handle);
  }, [name]);
}
