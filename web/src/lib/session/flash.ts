/**
 * A toast that has to outlive a page load: logout reloads the page and an ended session
 * lands on /logIn; the sign-in page shows what was left here. Keys are in the `auth` namespace.
 */
export interface Flash {
  type: 'success' | 'warning';
  key: 'logout.done' | 'session.ended' | 'session.blocked';
}

interface StoredFlash extends Flash {
  /** Set when the flash is for the next page load only: the load that left it (timeOrigin). */
  leftBy?: number;
}

const storageKey = 'authFlash';

export function leaveFlash(flash: Flash, { afterReload = false } = {}): void {
  const stored: StoredFlash = afterReload ? { ...flash, leftBy: performance.timeOrigin } : flash;
  sessionStorage.setItem(storageKey, JSON.stringify(stored));
}

/** The flash for this page, once; one meant for after a reload waits for it. */
export function takeFlash(): Flash | null {
  const raw = sessionStorage.getItem(storageKey);
  if (!raw) return null;
  try {
    const { leftBy, ...flash } = JSON.parse(raw) as StoredFlash;
    if (leftBy === performance.timeOrigin) return null;
    sessionStorage.removeItem(storageKey);
    return flash;
  } catch {
    sessionStorage.removeItem(storageKey);
    return null;
  }
}
