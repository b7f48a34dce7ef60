import { createUserOnce, newUserOf, signOutEverywhereIn } from '@numbernest/core/accounts';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { loggedInvocation } from '../lib/invocation';
import { revokeApiAccess } from './api-access';
import { endSessions } from './revocation';

/**
 * Cognito PostConfirmation trigger. A confirmed sign-up, or a first Google sign-in (Cognito sends
 * the same source, with the `identities` attribute; that counts as a verified e-mail, see
 * core/accounts/user/verification.ts), gets its account (zero balance, default settings) right away;
 * createUserOnce makes it safe to run twice, or after a first API call already made the account.
 * A password reset ("forgot password") is how a stolen account is taken back, so it ends every
 * session (Cognito's global sign-out stops the refresh tokens, which a reset leaves alone; the
 * tokens issued before it are refused; open WebSockets close) and revokes what was made for
 * machines: the API keys and the SMS webhook (the reset e-mail says so, see custom-message.ts).
 * Every step is idempotent, as Cognito may run the trigger again.
 * Cognito expects the event back.
 */
export const handler = loggedInvocation(
  'auth/post-confirmation',
  async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    const user = newUserOf(event.request.userAttributes);
    await createUserOnce(user);
    if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
      // Keys first: their revocations and the session mark both write the profile, one after the other.
      await revokeApiAccess(user.sub);
      await Promise.all([signOutEverywhereIn(event.userPoolId, event.userName), endSessions(user.sub)]);
    }
    return event;
  },
  { fields: (event) => ({ trigger: event.triggerSource, sub: event.request.userAttributes.sub }) },
);
