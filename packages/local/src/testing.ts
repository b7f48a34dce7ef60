/**
 * For integration tests (vitest project `integration`): what the global setup provides, and a
 * signed-in user made through the real cognito-local.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';

export interface LocalCognito {
  /** The proxy under the cloud's port (GetTokensFromRefreshToken, GlobalSignOut work here). */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the local cloud (e.g. http://localhost:41234); routes are under /api. */
    apiUrl: string;
    cognito: LocalCognito;
    /** The local mailbox as JSON (`?to=<email>` filters). */
    mailUrl: string;
    /** The handler environment: apply it (useLocalCloudEnv) before importing @numbernest/core. */
    localEnv: Record<string, string>;
  }
}

/** Point this test process at the local cloud's DynamoDB/Cognito, as the handlers are. */
export function useLocalCloudEnv(): void {
  Object.assign(process.env, inject('localEnv'));
}

export function cognitoClient(): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: inject('cognito').endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export interface TestUser {
  email: string;
  password: string;
  sub: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** A confirmed, e-mail-verified user, signed in with USER_PASSWORD_AUTH. */
export async function createTestUser(email = `user-${randomUUID()}@example.com`, password = 'Passw0rd!'): Promise<TestUser> {
  const client = cognitoClient();
  const { userPoolId, clientId } = inject('cognito');
  try {
    const { UserSub } = await client.send(
      new SignUpCommand({ ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
    );
    // Verified first, so the PostConfirmation trigger records the account as verified (as a
    // confirmation with the e-mailed code does); AdminConfirmSignUp alone verifies nothing.
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email }, // cognito-local wants it beside email_verified
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
    const { AuthenticationResult: tokens } = await client.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    return {
      email,
      password,
      sub: UserSub!,
      idToken: tokens!.IdToken!,
      accessToken: tokens!.AccessToken!,
      refreshToken: tokens!.RefreshToken!,
    };
  } finally {
    client.destroy();
  }
}
