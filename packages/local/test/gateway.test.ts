import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import {
  AdminUserGlobalSignOutCommand,
  CreateUserPoolClientCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Route } from '@numbernest/functions/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizer, type Authorize } from '../src/gateway/authorize';
import type { GatewayEvent } from '../src/gateway/event';
import { createGateway, type Handler } from '../src/gateway/gateway';
import { freePort, listen, PortInUseError } from '../src/net';
import { startLocalCloud } from '../src/index';
import type { Mail } from '../src/mailbox';
import { claimsOf, cognitoClient, createTestUser, mailsTo, signInTokens, signUp, withCognito, type TestUser, localCloud } from '../src/testing';

const cognito = localCloud().cognito;
const apiUrl = localCloud().apiUrl;

async function authorizerFor(clientId = cognito.clientId, now?: () => number): Promise<Authorize> {
  const jwks = (await (await fetch(`${cognito.endpoint}/${cognito.userPoolId}/.well-known/jwks.json`)).json()) as { keys: unknown[] };
  return createAuthorizer({ issuer: cognito.issuer, clientId, jwks, now });
}

describe('authorize (the JWT check of auth routes)', () => {
  let user: TestUser;
  let authorize: Authorize;
  beforeAll(async () => {
    user = await createTestUser();
    authorize = await authorizerFor();
  });

  it('accepts an id token and hands over the claims as API Gateway does (strings)', async () => {
    const context = await authorize(`Bearer ${user.idToken}`);
    expect(context?.claims).toMatchObject({ sub: user.sub, email: user.email, token_use: 'id', aud: cognito.clientId, iss: cognito.issuer });
    expect(typeof context?.claims.exp).toBe('string');
  });

  it('accepts an access token (client_id instead of aud) with its scopes', async () => {
    const context = await authorize(`Bearer ${user.accessToken}`);
    expect(context?.claims).toMatchObject({ sub: user.sub, token_use: 'access', client_id: cognito.clientId });
    expect(context?.scopes).toEqual(['aws.cognito.signin.user.admin']);
  });

  it('refuses a missing, garbage or non-Bearer header', async () => {
    expect(await authorize(undefined)).toBeUndefined();
    expect(await authorize('')).toBeUndefined();
    expect(await authorize('Bearer not-a-jwt')).toBeUndefined();
    expect(await authorize(`Basic ${user.idToken}`)).toBeUndefined();
  });

  it('refuses a tampered token (payload changed, signature kept)', async () => {
    const [header, payload, signature] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect(await authorize(`Bearer ${header}.${forged}.${signature}`)).toBeUndefined();
  });

  it('refuses a token of another client of the same pool (wrong audience)', async () => {
    const client = cognitoClient();
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientName: 'other', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
    );
    client.destroy();
    const other = await authorizerFor(UserPoolClient!.ClientId!);
    expect(await other(`Bearer ${user.idToken}`)).toBeUndefined();
    expect(await other(`Bearer ${user.accessToken}`)).toBeUndefined();
  });

  it('refuses an expired token: judged by a clock set past its exp, instead of waiting for it', async () => {
    for (const token of [user.idToken, user.accessToken]) {
      const exp = (claimsOf(token).exp as number) * 1000;
      const at = async (now: number) => (await authorizerFor(cognito.clientId, () => now))(`Bearer ${token}`);
      expect(await at(exp - 1000)).toBeDefined();
      expect(await at(exp)).toBeUndefined();
      expect(await at(exp + 3600_000)).toBeUndefined();
    }
  });
});

describe('the Cognito proxy (/_local/cognito)', () => {
  it('answers GetTokensFromRefreshToken with fresh tokens (InitiateAuth REFRESH_TOKEN_AUTH)', async () => {
    const user = await createTestUser();
    const client = cognitoClient();
    const { AuthenticationResult } = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: user.refreshToken }));
    client.destroy();
    const authorize = await authorizerFor();
    expect((await authorize(`Bearer ${AuthenticationResult!.IdToken}`))?.claims.sub).toBe(user.sub);
    expect((await authorize(`Bearer ${AuthenticationResult!.AccessToken}`))?.claims.sub).toBe(user.sub);
  });

  it('serves an openid-configuration that names the issuer tokens carry', async () => {
    const config = (await (await fetch(`${cognito.issuer}/.well-known/openid-configuration`)).json()) as { issuer: string; jwks_uri: string };
    expect(config.issuer).toBe(cognito.issuer);
    const jwks = (await (await fetch(config.jwks_uri)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toContain('CognitoLocal');
  });

  it('passes Cognito errors through', async () => {
    const client = cognitoClient();
    await expect(client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: 'nonsense' }))).rejects.toThrow();
    client.destroy();
  });

  const refresh = (client: ReturnType<typeof cognitoClient>, refreshToken: string) =>
    client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken }));

  it('GlobalSignOut ends every refresh token of the user; a new sign-in works', async () => {
    const user = await createTestUser();
    const client = cognitoClient();
    const otherDevice = await signInTokens(user.email, user.password);
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: user.accessToken }))).resolves.toBeDefined();
    await expect(refresh(client, user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(refresh(client, otherDevice.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const again = await signInTokens(user.email, user.password);
    expect((await refresh(client, again.refreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: 'not-a-token' }))).rejects.toThrow();
    client.destroy();
  });

  it('AdminUserGlobalSignOut does the same by user name (e-mail), and knows unknown users', async () => {
    const user = await createTestUser();
    const client = cognitoClient();
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: user.email }));
    await expect(refresh(client, user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: 'nobody@example.com' }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    client.destroy();
  });

  it('RevokeToken ends that one refresh token', async () => {
    const user = await createTestUser();
    const client = cognitoClient();
    const otherDevice = await signInTokens(user.email, user.password);
    await expect(client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: user.refreshToken }))).resolves.toBeDefined();
    await expect(refresh(client, user.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await refresh(client, otherDevice.refreshToken)).AuthenticationResult?.IdToken).toBeTruthy();
    client.destroy();
  });
});

describe('the local mailbox', () => {
  it('captures the sign-up code, which then confirms the account', async () => {
    const { ConfirmSignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const email = `mail-${Date.now()}@example.com`;
    await signUp(email, 'Passw0rd!');
    // cognito-local prints the code while answering; the mailbox reads its output a moment later
    let mails: Mail[] = [];
    await expect.poll(async () => (mails = await mailsTo(email)).length).toBe(1);
    expect(mails[0]).toMatchObject({ to: email, kind: 'sign-up', code: expect.stringMatching(/^\d{6}$/) });
    await expect(
      withCognito((client) => client.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: mails[0]!.code }))),
    ).resolves.toBeDefined();

    const page = await (await fetch(`${apiUrl}/_local/mail`)).text();
    expect(page).toContain(email);
    expect(page).toContain(mails[0]!.code);
  });
});

describe('the gateway over HTTP', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    const response = await fetch(`${apiUrl}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  it('answers a wrong method on a known path with 405 JSON', async () => {
    const response = await fetch(`${apiUrl}/api/mobile-number-countries`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('says clearly when its port is taken', async () => {
    const port = Number(new URL(apiUrl).port);
    const error = await startLocalCloud({ port, web: false, log: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(`Port ${port} is in use — stop the other process or run PORT=${port + 1} npm start`);
  });
});

describe('the address it listens on', () => {
  const port = () => Number(new URL(apiUrl).port);
  /** This machine's own addresses on its network interfaces (not loopback). */
  const networkAddresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address);
  const reaches = (url: string) =>
    fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.status,
      () => 'unreachable' as const,
    );

  it('is loopback by default: the mailbox answers on 127.0.0.1 and localhost', async () => {
    expect(await reaches(`http://127.0.0.1:${port()}/_local/mail.json`)).toBe(200);
    expect(await reaches(`${apiUrl}/_local/mail.json`)).toBe(200);
  });

  it.skipIf(networkAddresses.length === 0)('by default answers on no network address of this machine (mailbox, sandboxes)', async () => {
    for (const address of networkAddresses) {
      expect(await reaches(`http://${address}:${port()}/_local/mail.json`), address).toBe('unreachable');
      expect(await reaches(`http://${address}:${port()}/_local/stripe/`), address).toBe('unreachable');
    }
  });

  it('is the one given (HOST= for npm start): an address this machine does not have cannot be listened on', async () => {
    // TEST-NET-3: on no interface here. It fails at once, before the emulators start.
    const outcome = await startLocalCloud({ port: await freePort(), host: '203.0.113.7', web: false, log: () => {} }).then(
      async (cloud) => {
        await cloud.stop();
        return 'listening';
      },
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(outcome).toBe('EADDRNOTAVAIL');
  });
});

describe('events and results (a gateway over test routes)', () => {
  const testRoutes: Route[] = [
    { method: 'GET', path: '/api/echo/{id}', handler: 'echo.handler', auth: false },
    { method: 'POST', path: '/api/echo/{id}', handler: 'echo.handler', auth: false },
    { method: 'GET', path: '/api/echo/fixed', handler: 'fixed.handler', auth: false },
    { method: 'GET', path: '/api/files/{path+}', handler: 'echo.handler', auth: false },
    { method: 'GET', path: '/api/mine', handler: 'echo.handler', auth: true },
    { method: 'GET', path: '/api/throws', handler: 'throws.handler', auth: false },
    { method: 'GET', path: '/api/plain', handler: 'plain.handler', auth: false },
    { method: 'GET', path: '/api/binary', handler: 'binary.handler', auth: false },
  ];
  let lastEvent: GatewayEvent;
  const handlers: Record<string, Handler> = {
    'echo.handler': async (event) => {
      lastEvent = event;
      return { statusCode: 200, headers: { 'x-echo': 'yes' }, cookies: ['a=1; Path=/', 'b=2'], body: JSON.stringify({ ok: true }) };
    },
    'fixed.handler': async () => ({ statusCode: 204 }),
    'throws.handler': async () => {
      throw new Error('boom (expected in this test)');
    },
    'plain.handler': async () => ({ hello: 'world' }),
    'binary.handler': async () => ({
      statusCode: 200,
      headers: { 'content-type': 'image/png' },
      body: Buffer.from([0, 1, 2, 255]).toString('base64'),
      isBase64Encoded: true,
    }),
  };
  let server: Server;
  let base: string;
  const logged: string[] = [];

  beforeAll(async () => {
    const gateway = createGateway({
      routes: testRoutes,
      authorize: await authorizerFor(),
      log: (line) => logged.push(line),
      load: async (spec) => handlers[spec]!,
    });
    server = createServer((req, res) => void gateway(req, res, new URL(req.url!, 'http://localhost')));
    await listen(server, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('builds a payload-2.0 event: route key, path and query parameters, lower-cased headers, cookies', async () => {
    const response = await fetch(`${base}/api/echo/a%20b?x=1&y=2&x=3`, { headers: { 'X-Custom': 'Value', Cookie: 'c1=v1; c2=v2', 'User-Agent': 'tests' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2']);
    expect(lastEvent).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/echo/{id}',
      rawPath: '/api/echo/a%20b',
      rawQueryString: 'x=1&y=2&x=3',
      pathParameters: { id: 'a b' },
      queryStringParameters: { x: '1,3', y: '2' },
      cookies: ['c1=v1', 'c2=v2'],
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'GET /api/echo/{id}',
        stage: '$default',
        http: { method: 'GET', path: '/api/echo/a%20b', sourceIp: '127.0.0.1', userAgent: 'tests' },
      },
    });
    expect(lastEvent.headers['x-custom']).toBe('Value');
    expect(lastEvent.headers.cookie).toBeUndefined();
    expect(lastEvent.body).toBeUndefined();
    expect(lastEvent.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastEvent.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(lastEvent.requestContext.authorizer).toBeUndefined();
  });

  it('makes every query name an own key, as the JSON event a Lambda parses has it', async () => {
    await fetch(`${base}/api/echo/1?constructor=a&__proto__=b&toString=c&toString=d`);
    const query = lastEvent.queryStringParameters!;
    expect(Object.keys(query)).toEqual(['constructor', '__proto__', 'toString']);
    expect([query.constructor, Object.getOwnPropertyDescriptor(query, '__proto__')?.value, query.toString]).toEqual(['a', 'b', 'c,d']);
  });

  it('passes JSON bodies as text and other bodies base64-encoded', async () => {
    await fetch(`${base}/api/echo/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(lastEvent).toMatchObject({ body: '{"a":1}', isBase64Encoded: false, routeKey: 'POST /api/echo/{id}' });

    await fetch(`${base}/api/echo/1`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([0, 159, 146, 150]) });
    expect(lastEvent.isBase64Encoded).toBe(true);
    expect(Buffer.from(lastEvent.body!, 'base64')).toEqual(Buffer.from([0, 159, 146, 150]));

    await fetch(`${base}/api/echo/1`, { method: 'POST', body: new URLSearchParams({ From: '+15550001', Body: 'code 1234' }) });
    expect(lastEvent.isBase64Encoded).toBe(true);
    expect(Buffer.from(lastEvent.body!, 'base64').toString()).toBe('From=%2B15550001&Body=code+1234');
  });

  it('passes a body of a text type whose bytes are not UTF-8 base64-encoded, byte for byte', async () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]); // {"a":"<C3 28 FF>"}
    await fetch(`${base}/api/echo/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
    expect(lastEvent.isBase64Encoded).toBe(true);
    expect(Buffer.from(lastEvent.body!, 'base64')).toEqual(bytes);
  });

  it('prefers a literal segment over a parameter, and {path+} takes the rest', async () => {
    expect((await fetch(`${base}/api/echo/fixed`)).status).toBe(204);
    await fetch(`${base}/api/files/a/b/c.txt`);
    expect(lastEvent.pathParameters).toEqual({ path: 'a/b/c.txt' });
  });

  it('turns a result without statusCode into a 200 JSON body, and base64 results into bytes', async () => {
    const plain = await fetch(`${base}/api/plain`);
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(await plain.json()).toEqual({ hello: 'world' });
    const binary = await fetch(`${base}/api/binary`);
    expect(Buffer.from(await binary.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('answers a throwing handler with 500 JSON and keeps serving', async () => {
    const response = await fetch(`${base}/api/throws`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal Server Error' });
    expect(logged.join('\n')).toContain('boom (expected in this test)');
    expect((await fetch(`${base}/api/plain`)).status).toBe(200);
  });

  it('on an auth route: 401 without a valid token, the claims in requestContext.authorizer.jwt with one', async () => {
    for (const authorization of [undefined, 'Bearer garbage', 'Bearer a.b.c']) {
      const response = await fetch(`${base}/api/mine`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthorized' });
    }
    const user = await createTestUser();
    const response = await fetch(`${base}/api/mine`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(response.status).toBe(200);
    expect(lastEvent.requestContext.authorizer?.jwt.claims.sub).toBe(user.sub);
    expect(lastEvent.requestContext.authorizer?.jwt.scopes).toEqual(['aws.cognito.signin.user.admin']);
  });
});
