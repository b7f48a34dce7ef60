import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoTriggers } from '@numbernest/functions/triggers';
import { describe, expect, it } from 'vitest';
import { createLambdaEndpoint } from '../src/lambda';
import { isLoopback, listen } from '../src/net';
import { cognitoClient, localCloud } from '../src/testing';

const apiUrl = localCloud().apiUrl;
const invokeUrl = (name: string, origin = apiUrl) => `${origin}/_local/lambda/2015-03-31/functions/${encodeURIComponent(name)}/invocations`;

/** As cognito-local's aws-sdk v2 Lambda client calls it. */
const invoke = (name: string, event: unknown, origin?: string) =>
  fetch(invokeUrl(name, origin), {
    method: 'POST',
    headers: { 'content-type': 'binary/octet-stream', 'x-amz-invocation-type': 'RequestResponse' },
    body: typeof event === 'string' ? event : JSON.stringify(event),
  });

/** A PostConfirmation event shaped as cognito-local sends it (for the cloud's pool: a reset signs the user out there). */
const confirmationEvent = (triggerSource: string, userAttributes: Record<string, string>) => ({
  version: '0',
  region: 'local',
  userPoolId: localCloud().cognito.userPoolId,
  userName: userAttributes.sub ?? 'nobody',
  callerContext: { awsSdkVersion: '2.0.0', clientId: 'some-client' },
  triggerSource,
  request: { userAttributes },
  response: {},
});

/** This machine's first non-loopback IPv4 address, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('the local Lambda endpoint (cognito-local invokes the triggers here)', () => {
  it('runs the trigger handler named in the table and answers its result, as Lambda does', async () => {
    // A confirmed password reset of a user Cognito does not know: the handler hands the event back.
    const event = confirmationEvent('PostConfirmation_ConfirmForgotPassword', { sub: randomUUID(), email: 'reset@example.com' });
    for (const name of ['PostConfirmation', 'arn:aws:lambda:local:000000000000:function:PostConfirmation']) {
      const response = await invoke(name, event);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-amz-function-error')).toBeNull();
      expect(await response.json()).toEqual(event);
    }
  });

  it('answers a throwing handler with 200, X-Amz-Function-Error: Unhandled and { errorMessage }', async () => {
    const response = await invoke('PostConfirmation', confirmationEvent('PostConfirmation_ConfirmSignUp', { sub: 'no-email' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await response.json()).toMatchObject({ errorType: 'Error', errorMessage: 'A Cognito user without sub or email' });
  });

  it.each(['NoSuchFunction', 'auth/post-confirmation.handler', 'toString', 'arn:aws:lambda:local:000000000000:function:Nope'])(
    'answers the unknown function name %s with 404 JSON',
    async (name) => {
      const response = await invoke(name, {});
      expect(response.status).toBe(404);
      expect(response.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(/^Function not found: arn:aws:lambda:.*:function:/) });
    },
  );

  it('answers other paths and methods with 404 JSON, and a body that is not JSON with 400 JSON', async () => {
    expect((await fetch(invokeUrl('PostConfirmation'))).status).toBe(404);
    expect((await fetch(`${apiUrl}/_local/lambda/2015-03-31/functions`)).status).toBe(404);
    const malformed = await invoke('PostConfirmation', '{not json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: expect.any(String) });
  });

  it.skipIf(!outsideAddress)('refuses callers that are not on loopback (403 JSON), whatever X-Forwarded-For says', async () => {
    // The cloud listens on loopback unless HOST= opens it to the network: the endpoint on a server that does.
    const lambda = createLambdaEndpoint({ functions: cognitoTriggers, log: () => undefined });
    const server = createServer((req, res) => void lambda(req, res, new URL(req.url ?? '/', 'http://local').pathname.slice('/_local/lambda'.length)));
    await listen(server, 0, '0.0.0.0');
    try {
      const origin = `http://${outsideAddress}:${(server.address() as AddressInfo).port}`;
      const response = await fetch(invokeUrl('PostConfirmation', origin), {
        method: 'POST',
        headers: { 'x-forwarded-for': '127.0.0.1' },
        body: JSON.stringify(confirmationEvent('PostConfirmation_ConfirmForgotPassword', { sub: 'x', email: 'x@example.com' })),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'The local Lambda endpoint answers loopback callers only' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of [undefined, '', '192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '127.0.0.1.evil']) expect(isLoopback(address)).toBe(false);
  });
});

describe('a failing PostConfirmation trigger', () => {
  it('does not break the confirmation (cognito-local logs the error and goes on)', async () => {
    const client = cognitoClient();
    try {
      // A pool whose users may have no e-mail: the real handler throws for them (as invoked above).
      // (cognito-local merges its default ['email'] into UsernameAttributes, so one is named.)
      const { UserPool } = await client.send(new CreateUserPoolCommand({ PoolName: 'without-email', UsernameAttributes: ['phone_number'] }));
      const UserPoolId = UserPool!.Id!;
      const { UserPoolClient } = await client.send(
        new CreateUserPoolClientCommand({ UserPoolId, ClientName: 'test', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
      );
      const ClientId = UserPoolClient!.ClientId!;
      const Username = `no-email-${randomUUID()}`;
      await client.send(new SignUpCommand({ ClientId, Username, Password: 'Passw0rd!' }));

      await expect(client.send(new AdminConfirmSignUpCommand({ UserPoolId, Username }))).resolves.toBeDefined();
      expect((await client.send(new AdminGetUserCommand({ UserPoolId, Username }))).UserStatus).toBe('CONFIRMED');
      const { AuthenticationResult } = await client.send(
        new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: Username, PASSWORD: 'Passw0rd!' } }),
      );
      expect(AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      client.destroy();
    }
  });
});
