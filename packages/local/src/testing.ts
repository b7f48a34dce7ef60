/**
 * For integration tests (vitest project `integration`): what the global setup provides, and
 * users, tokens and mailed codes through the real cognito-local.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Agent as HttpAgent } from 'node:http';
import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Agent } from 'undici';
import { inject } from 'vitest';
import type { Mail } from './mailbox';

export interface LocalCognito {
  /** The proxy under the cloud's port (GetTokensFromRefreshToken, GlobalSignOut work here). */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
}

/** One local cloud of the integration run: each test worker has its own, with its own table. */
export interface WorkerCloud {
  /** Origin of the local cloud (e.g. http://localhost:41234); routes are under /api. */
  apiUrl: string;
  cognito: LocalCognito;
  /** The local mailbox as JSON (`?to=<email>` filters). */
  mailUrl: string;
  /** The handler environment: apply it (useLocalCloudEnv) before importing @numbernest/core. */
  localEnv: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker, in the order of the workers' pool ids (1…maxWorkers). */
    clouds: WorkerCloud[];
  }
}

/** This worker's local cloud: test files running side by side never share a table. */
export function localCloud(): WorkerCloud {
  const clouds = inject('clouds');
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  return clouds[(poolId - 1) % clouds.length]!;
}

const loopbackAgents = new Map<string, Agent>();

/**
 * fetch as the client at `address`, one of this machine's loopback addresses (127.0.0.0/8: Linux
 * takes any of them as a connection's local address, and the cloud listens on 127.0.0.1). Handlers
 * see it as the request's sourceIp, as API Gateway sees the address that connected: tests of
 * per-address limits play distinct clients so (a header cannot name one).
 */
export function fetchFrom(address: string): typeof fetch {
  let dispatcher = loopbackAgents.get(address);
  if (!dispatcher) loopbackAgents.set(address, (dispatcher = new Agent({ localAddress: address })));
  // Node's fetch takes undici's Agent; its types are another copy of undici's (undici-types).
  return (input, init) => fetch(input, { ...init, dispatcher } as unknown as RequestInit);
}

/**
 * A loopback address of its own (127.a.b.c, never 127.0.0.1) for a client to connect from
 * (`localAddress`): the local cloud listens on 127.0.0.1 and Linux takes connections from any
 * 127.x.y.z, so such a client is a visitor of its own to the per-address limits.
 */
export const ownLoopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Point this test process at the local cloud's DynamoDB/Cognito, as the handlers are. */
export function useLocalCloudEnv(): void {
  Object.assign(process.env, localCloud().localEnv);
}

/**
 * A Cognito client of the local cloud with the handlers' credentials (the proxy takes admin calls
 * only signed with them), connecting from a loopback address of its own: each client is a visitor
 * of its own, so the sign-ups of one test never count towards another's per-address limit.
 */
export function cognitoClient(): CognitoIdentityProviderClient {
  const { localEnv, cognito } = localCloud();
  return new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: localEnv.AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv.AWS_SECRET_ACCESS_KEY! },
    requestHandler: { httpAgent: new HttpAgent({ localAddress: ownLoopbackAddress() }) },
  });
}

/** Runs `use` with a Cognito client of the local cloud, destroyed afterwards. */
export async function withCognito<T>(use: (client: CognitoIdentityProviderClient) => Promise<T>): Promise<T> {
  const client = cognitoClient();
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

export interface TestUser {
  email: string;
  password: string;
  sub: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs up through the web client: the user is unconfirmed and cognito-local mails the code. Returns the sub. */
export async function signUp(email: string, password: string): Promise<string> {
  const { UserSub } = await withCognito((client) =>
    client.send(
      new SignUpCommand({ ClientId: localCloud().cognito.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
    ),
  );
  return UserSub!;
}

/** Marks the user's e-mail verified in Cognito (what confirming the e-mailed code does). */
export async function verifyEmail(email: string): Promise<void> {
  await withCognito((client) =>
    client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: localCloud().cognito.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email }, // cognito-local wants it beside email_verified
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    ),
  );
}

/** Signs in with USER_PASSWORD_AUTH through a client (the web client by default). */
export async function signInTokens(email: string, password: string, clientId = localCloud().cognito.clientId) {
  const { AuthenticationResult: tokens } = await withCognito((client) =>
    client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } })),
  );
  return { idToken: tokens!.IdToken!, accessToken: tokens!.AccessToken!, refreshToken: tokens!.RefreshToken! };
}

/** A confirmed, e-mail-verified user, signed in with USER_PASSWORD_AUTH. */
export async function createTestUser(email = `user-${randomUUID()}@example.com`, password = 'Passw0rd!'): Promise<TestUser> {
  const sub = await signUp(email, password);
  // Verified first, so the PostConfirmation trigger records the account as verified (as a
  // confirmation with the e-mailed code does); AdminConfirmSignUp alone verifies nothing.
  await verifyEmail(email);
  await withCognito((client) => client.send(new AdminConfirmSignUpCommand({ UserPoolId: localCloud().cognito.userPoolId, Username: email })));
  return { email, password, sub, ...(await signInTokens(email, password)) };
}

/** The local mailbox's mails to `email`. */
export async function mailsTo(email: string): Promise<Mail[]> {
  return (await (await fetch(`${localCloud().mailUrl}?to=${encodeURIComponent(email)}`)).json()) as Mail[];
}

/** Resolves once every mail the local Cognito sent for the requests it answered is in the mailbox. */
export async function mailSettled(): Promise<void> {
  const response = await fetch(`${localCloud().apiUrl}/_local/mail/settled`, { method: 'POST' });
  if (!response.ok) throw new Error(`/_local/mail/settled answered ${response.status}`);
}

/** The claims of a JWT, unverified. */
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
