/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept for the install
 * page's button. Listened for from the start (main.tsx): the event may come before that page's code
 * does. Tiny on purpose: it is part of the landing route's first load.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function listenForInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own button (the install page) rather than the browser's mini-bar
    offer = event as InstallPromptEvent;
    changed();
  });
  addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export const installOffer = () => offer;

export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  await current.prompt();
  const { outcome } = await current.userChoice;
  changed();
  return outcome;
}
