import { createUserOnce, newUserOf, revokeTokens } from '@numbernest/core/user';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';

/**
 * Cognito PostConfirmation trigger. A confirmed sign-up, or a first Google sign-in (Cognito sends
 * the same source, with the `identities` attribute; that counts as a verified e-mail, see
 * core/user/verification.ts), gets its account (zero balance, default settings) right away;
 * createUserOnce makes it safe to run twice, or after a first API call already made the account.
 * A password reset ends every session: the tokens issued before it are refused from now on.
 * Cognito expects the event back.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const user = newUserOf(event.request.userAttributes);
  await createUserOnce(user);
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') await revokeTokens(user.sub);
  return event;
}
