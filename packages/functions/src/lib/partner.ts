import { requirePartner, type UserItem } from '@numbernest/core/accounts';
import type * as z from 'zod/mini';
import { callerOf } from '../auth/caller';
import { httpHandler, type HandlerInput, type HandlerOptions } from './http';

type Schema = z.ZodMiniType | undefined;

/**
 * httpHandler for a partner's route (/api/user/partner…): signed in, and the account is a partner
 * now (`requirePartner` reads the profile through getUser, so every refusal of a user route comes
 * first; then 403 PARTNERS_ONLY). The handler gets the partner's profile.
 */
export function partnerHandler<B extends Schema = undefined, P extends Schema = undefined, Q extends Schema = undefined>(
  options: Omit<HandlerOptions<B, P, Q, true>, 'auth' | 'operator'>,
  run: (input: HandlerInput<B, P, Q, true> & { partner: UserItem & { partnerSince: string } }) => Promise<unknown>,
) {
  return httpHandler({ ...options, auth: true }, async (input) => run({ ...input, partner: await requirePartner(callerOf(input.claims)) }));
}
