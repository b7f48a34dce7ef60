import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { operatorsGroup } from '@numbernest/contracts/ops';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  DescribeUserPoolClientCommand,
  type UserAttributeUpdateSettingsType,
} from '@aws-sdk/client-cognito-identity-provider';

export interface UserPoolIds {
  userPoolId: string;
  clientId: string;
}

/**
 * As on AWS (stacks/cognito-settings.ts): a new e-mail address takes effect only once verified
 * with the code sent to it (cognito-local keeps the change pending until VerifyUserAttribute).
 */
const userAttributeUpdateSettings: UserAttributeUpdateSettingsType = { AttributesRequireVerificationBeforeUpdate: ['email'] };

/**
 * The app's user pool (e-mail is the user name, e-mail auto-verified, e-mail changes verified
 * first) and its web client (no secret; USER_PASSWORD_AUTH since cognito-local has no SRP).
 * Created once; the ids are kept in `<dir>/user-pool.json` so a restart over the same state reuses them.
 */
export async function ensureUserPool(client: CognitoIdentityProviderClient, dir: string): Promise<UserPoolIds> {
  const file = join(dir, 'user-pool.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as UserPoolIds;
    if (await clientExists(client, saved)) {
      await ensureOperatorsGroup(client, saved.userPoolId);
      return saved;
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'numbernest',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: userAttributeUpdateSettings,
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
    }),
  );
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: UserPool!.Id!,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // Cognito's defaults, so the web app's token refresh runs locally too.
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const ids = { userPoolId: UserPool!.Id!, clientId: UserPoolClient!.ClientId! };
  await ensureOperatorsGroup(client, ids.userPoolId);
  writeFileSync(file, JSON.stringify(ids, null, 2));
  return ids;
}

/** The operators' group, as stacks/auth.ts makes it on AWS (a pool saved before it existed gets it too). */
async function ensureOperatorsGroup(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  // Listed first: cognito-local's CreateGroup replaces an existing group, members and all.
  const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (Groups.some((group) => group.GroupName === operatorsGroup)) return;
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: operatorsGroup }));
}

async function clientExists(client: CognitoIdentityProviderClient, ids: UserPoolIds): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.clientId }));
    return true;
  } catch {
    return false;
  }
}

/**
 * A pool saved by an older local cloud gets the settings added since, in cognito-local's own file
 * (`<dir>/.cognito/db/<pool id>.json`), before cognito-local starts and loads it: its UpdateUserPool
 * cannot set them. Nothing to do for a new state directory or a pool that has them.
 */
export function upgradeSavedPool(dir: string): void {
  const ids = join(dir, 'user-pool.json');
  if (!existsSync(ids)) return;
  const { userPoolId } = JSON.parse(readFileSync(ids, 'utf8')) as UserPoolIds;
  const file = join(dir, '.cognito', 'db', `${userPoolId}.json`);
  if (!existsSync(file)) return;
  const pool = JSON.parse(readFileSync(file, 'utf8')) as { Options?: { UserAttributeUpdateSettings?: UserAttributeUpdateSettingsType } };
  if (!pool.Options || pool.Options.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.includes('email')) return;
  pool.Options.UserAttributeUpdateSettings = userAttributeUpdateSettings;
  writeFileSync(file, JSON.stringify(pool, null, 2));
}
