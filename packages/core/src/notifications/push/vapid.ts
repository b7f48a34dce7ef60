import { secret, siteUrl } from '../../shared/settings';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who sends (the JWT's `sub`): push services contact it about problems; an https URL or mailto:. */
  subject: string;
}

/** The public key browsers subscribe with (`applicationServerKey`). */
export const vapidPublicKey = (): string => secret('VapidPublicKey');

export function vapidKeys(): VapidKeys {
  const site = siteUrl();
  return {
    publicKey: secret('VapidPublicKey'),
    privateKey: secret('VapidPrivateKey'),
    // Apple refuses a localhost subject; locally (http) a mailto: stands in.
    subject: site.startsWith('https://') ? site : 'mailto:push@numbernest.local',
  };
}
