import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { configureAmplify } from '@/lib/amplify';
import i18n from '@/lib/i18n';
import { isNamed } from './error-name';

/**
 * Every Cognito call of the web app, through aws-amplify v6. Import it lazily (`import()`) from
 * code the landing route loads: this module pulls in Amplify.
 * E-mail is the Cognito username (the pool's username attribute), lower-cased by the forms.
 */

export type SignInOutcome = 'signedIn' | 'confirmSignUp' | 'resetPassword';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await configureAmplify();
  // cognito-local has no SRP; the AWS client allows USER_PASSWORD_AUTH too, so one flow serves both.
  const attempt = () => signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    // Amplify still holds a session that the app had already dropped (e.g. after a failed refresh).
    if (!isNamed(error, 'UserAlreadyAuthenticatedException')) throw error;
    await signOut();
    result = await attempt();
  }
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (result.nextStep.signInStep === 'RESET_PASSWORD') return 'resetPassword';
  throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), { name: 'UnsupportedSignInStep' });
}

/**
 * Signs up and arms Amplify's auto sign-in: once the e-mail code is confirmed in this tab, the
 * person is signed in with the password they just chose (kept in memory only, by Amplify), by the
 * same USER_PASSWORD_AUTH flow as signInWithPassword.
 */
export async function signUpWithEmail(email: string, password: string): Promise<void> {
  await configureAmplify();
  await signUp({ username: email, password, options: { userAttributes: { email }, autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' } } });
}

/**
 * 'signedIn': the code confirmed the sign-up made in this tab, and Cognito signed the person in.
 * 'confirmed': the e-mail is verified; signing in is left to them (the page was reloaded since
 * signing up, or the sign-up was made elsewhere, or the automatic sign-in was refused).
 */
export async function confirmEmailCode(email: string, code: string): Promise<'signedIn' | 'confirmed'> {
  await configureAmplify();
  const { nextStep } = await confirmSignUp({ username: email, confirmationCode: code });
  if (nextStep.signUpStep !== 'COMPLETE_AUTO_SIGN_IN') return 'confirmed';
  try {
    return (await autoSignIn()).isSignedIn ? 'signedIn' : 'confirmed';
  } catch (error) {
    console.error('Automatic sign-in after confirming the e-mail failed', error);
    return 'confirmed';
  }
}

export async function resendEmailCode(email: string): Promise<void> {
  await configureAmplify();
  await resendSignUpCode({ username: email });
}

/** The reset e-mail is worded in the interface's language (the pool's CustomMessage trigger reads `language`). */
export async function sendPasswordResetCode(email: string): Promise<void> {
  await configureAmplify();
  await resetPassword({ username: email, options: { clientMetadata: { language: i18n.language } } });
}

export async function setNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  await configureAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/**
 * The ID token the API accepts (its audience is the app client). Amplify refreshes it when it has
 * expired, or always with `forceRefresh`. null: there is no session (or its refresh token is dead).
 */
export async function currentIdToken(forceRefresh = false): Promise<string | null> {
  await configureAmplify();
  const session = await fetchAuthSession({ forceRefresh });
  return session.tokens?.idToken?.toString() ?? null;
}

/** Signs this browser out of Cognito everywhere (the local proxy answers GlobalSignOut). */
export async function endCognitoSession(): Promise<void> {
  await configureAmplify();
  await signOut({ global: true });
}

/** Forgets this browser's session only (the app could not use it). */
export async function dropCognitoSession(): Promise<void> {
  await configureAmplify();
  await signOut();
}

/** Deployed stages only: off to the hosted UI, back at /auth/callback. */
export async function startGoogleSignIn(): Promise<void> {
  await configureAmplify();
  await signInWithRedirect({ provider: 'Google' });
}
