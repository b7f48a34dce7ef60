import { defaultForwardingSettings, type ForwardingSettings } from '@numbernest/contracts';
import type { UserItem } from '../../accounts';

/**
 * The account's switches (every channel off until turned on). On its own, as the SMS path reads it:
 * the channels' link lookups (settings.ts) stay out of the functions that only forward.
 */
export const forwardingOf = (user: Pick<UserItem, 'forwarding'>): ForwardingSettings => ({ ...defaultForwardingSettings, ...user.forwarding });
