import { createUserOnce } from '@numbernest/core/user';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';

/**
 * Cognito PostConfirmation trigger: a confirmed sign-up gets its account (zero balance, default
 * settings) right away. createUserOnce makes it safe to run twice, or after a first API call
 * already made the account. Cognito expects the event back.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event; // e.g. a forgotten password
  const { sub, email, email_verified: emailVerified } = event.request.userAttributes;
  if (!sub || !email) throw new Error(`PostConfirmation without sub or email for ${event.userName}`);
  await createUserOnce({ sub, email, emailVerifiedAt: emailVerified === 'true' ? new Date().toISOString() : null });
  return event;
}
