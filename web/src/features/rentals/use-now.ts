import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on screen: a single timer ticks each second while anything listens,
 * and none runs when nothing does.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = () => now;

/** Milliseconds since the epoch, updated every second (subscribing reads the clock afresh). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}
