import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { NotFoundError } from '../../shared/errors';
import { resource } from '../../shared/settings';
import { countsAsVerified } from './verification';

/**
 * The Cognito admin calls of the app, on the pool `Resource.UserPool.id` (SST link; locally
 * `SST_RESOURCE_UserPool`). The endpoint comes from the SDK's standard sources, so locally
 * `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` points it at the local cloud.
 */
let client: CognitoIdentityProviderClient | undefined;
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));
const userPoolId = () => resource('UserPool').id;

/** A user that is already gone needs no sign-out or deletion: those calls are idempotent. */
async function unlessGone(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/** The e-mail of a Cognito user (for a first call made with an access token, which carries none). */
export async function lookupIdentity(username: string): Promise<{ email: string; emailVerified: boolean }> {
  try {
    const { UserAttributes = [] } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
    const attribute = (name: string) => UserAttributes.find((a) => a.Name === name)?.Value;
    return { email: attribute('email') ?? '', emailVerified: countsAsVerified(attribute('email_verified'), attribute('identities')) };
  } catch (error) {
    if (error instanceof UserNotFoundException) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    throw error;
  }
}

/** Ends every session of the user: refresh tokens stop working (access tokens run out on their own). */
export function signOutEverywhere(username: string): Promise<void> {
  return signOutEverywhereIn(userPoolId(), username);
}

/** signOutEverywhere in a pool named by the caller (a Cognito trigger gets it in its event and links no pool). */
export function signOutEverywhereIn(poolId: string, username: string): Promise<void> {
  return unlessGone(() => cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: username })));
}

/** Removes the sign-in itself; the app's tombstone of the account stays (see deleteUser). */
export function deleteIdentity(username: string): Promise<void> {
  return unlessGone(() => cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username })));
}

/** Adds the user to a Cognito group (idempotent): tokens issued from now on carry it in `cognito:groups`. */
export async function addToGroup(username: string, group: string): Promise<void> {
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: group }));
}

/** Removes the user from a Cognito group (idempotent); tokens already issued still carry it until they expire. */
export async function removeFromGroup(username: string, group: string): Promise<void> {
  await unlessGone(() => cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: group })));
}
