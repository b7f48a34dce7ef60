import type { ForwardingSettings } from '@numbernest/contracts';
import { updateItem } from '../../shared/db';
import { userProfileItem } from '../../shared/db/items/accounts';
import { AccountDeletedError } from './errors';

/**
 * Saves a live account's forwarding switches, with a new e-mail nonce when given (the unsubscribe
 * links carry it); AccountDeletedError when the account is gone. Answers the switches as stored.
 */
export async function saveForwardingSwitches(sub: string, forwarding: ForwardingSettings, emailNonce?: string): Promise<ForwardingSettings | undefined> {
  const profile = await updateItem(
    userProfileItem,
    { sub },
    {
      set: { forwarding, ...(emailNonce ? { forwardingEmailNonce: emailNonce } : {}) },
      when: { deletedAt: { absent: true } },
      onConditionFailed: () => new AccountDeletedError(),
    },
  );
  return profile?.forwarding;
}

/** Turns e-mail forwarding off only while it is on with this nonce (an unsubscribe link's); false when it was not. */
export async function turnOffEmailForwarding(sub: string, nonce: string): Promise<boolean> {
  const profile = await updateItem(
    userProfileItem,
    { sub },
    { setEntries: { forwarding: { email: false } }, when: { forwardingEmailNonce: { equals: nonce }, nested: { 'forwarding.email': { equals: true } } } },
  );
  return profile !== undefined;
}
