import { updatePassword } from 'aws-amplify/auth';
import { configureAmplify } from '../../../lib/amplify';

/** Cognito ChangePassword for the signed-in person, through Amplify (only this lazy page loads it). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await configureAmplify();
  await updatePassword({ oldPassword, newPassword });
}
