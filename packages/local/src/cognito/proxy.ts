import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http';
import type { EmailVerification } from './email-verification';
import type { CognitoReply } from './resend-confirmation-code';
import type { SignOuts } from './sign-outs';

const amzJson = 'application/x-amz-json-1.1';
const servicePrefix = 'AWSCognitoIdentityProviderService';
const refreshFlows = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
const signInOperations = new Set(['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge']);
/** Confirmations with the e-mailed code: they verify the e-mail on AWS (AdminConfirmSignUp does not). */
const codeConfirmations = ['ConfirmSignUp', 'ConfirmForgotPassword'];

type Input = Record<string, unknown> & { AuthFlow?: string; AuthParameters?: Record<string, string> };

export interface CognitoProxyOptions {
  /** cognito-local itself. */
  upstream: string;
  /** Where the proxy is reached (it names the issuer in the openid-configuration). */
  publicBase: string;
  signOuts: SignOuts;
  emailVerification: EmailVerification;
  resendConfirmationCode: (input: Record<string, unknown>) => Promise<CognitoReply>;
}

interface Upstream {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): Record<string, unknown>;
}

/**
 * What cognito-local lacks, answered the way Cognito does:
 * - GetTokensFromRefreshToken (how aws-amplify v6 refreshes) becomes InitiateAuth REFRESH_TOKEN_AUTH;
 * - GlobalSignOut / AdminUserGlobalSignOut / RevokeToken end refresh tokens (see SignOuts);
 * - ConfirmSignUp / ConfirmForgotPassword verify the e-mail (see EmailVerification);
 * - ResendConfirmationCode sends a new sign-up code (see createResendConfirmationCode);
 * - its openid-configuration names port 9229 whatever it runs on: that one is answered here.
 * Everything else passes through unchanged.
 */
export function createCognitoProxy({ upstream, publicBase, signOuts, emailVerification, resendConfirmationCode }: CognitoProxyOptions) {
  const call = async (operation: string, input: unknown, headers: Record<string, string> = {}): Promise<Upstream> => {
    const reply = await fetch(`${upstream}/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': amzJson, 'x-amz-target': `${servicePrefix}.${operation}` },
      body: JSON.stringify(input),
    });
    return received(reply);
  };

  const operations: Record<string, (input: Input, headers: Record<string, string>) => Promise<Upstream>> = {
    async GetTokensFromRefreshToken(input, headers) {
      const refreshed = await operations.InitiateAuth!(
        {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: input.ClientId,
          AuthParameters: { REFRESH_TOKEN: String(input.RefreshToken ?? '') },
          ClientMetadata: input.ClientMetadata,
        },
        headers,
      );
      if (refreshed.status !== 200) return refreshed;
      return answer(200, { AuthenticationResult: refreshed.json().AuthenticationResult });
    },
    async GlobalSignOut(input, headers) {
      const user = await call('GetUser', { AccessToken: input.AccessToken }, headers); // checks the token
      if (user.status !== 200) return user;
      signOuts.signOut(String(user.json().Username));
      return answer(200, {});
    },
    async AdminUserGlobalSignOut(input, headers) {
      const user = await call('AdminGetUser', { UserPoolId: input.UserPoolId, Username: input.Username }, headers);
      if (user.status !== 200) return user;
      signOuts.signOut(String(user.json().Username));
      return answer(200, {});
    },
    async RevokeToken(input) {
      signOuts.revoke(String(input.Token ?? ''));
      return answer(200, {});
    },
    async ResendConfirmationCode(input) {
      const { status, body } = await resendConfirmationCode(input);
      return answer(status, body);
    },
  };
  for (const operation of signInOperations) {
    operations[operation] = async (input, headers) => {
      const refreshToken = input.AuthParameters?.REFRESH_TOKEN;
      if (refreshFlows.has(input.AuthFlow ?? '') && refreshToken && signOuts.isRevoked(refreshToken)) {
        return answer(400, { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
      }
      const reply = await call(operation, input, headers);
      if (reply.status === 200) signOuts.noteIssued((reply.json().AuthenticationResult as { RefreshToken?: string } | undefined)?.RefreshToken);
      return reply;
    };
  }
  for (const operation of codeConfirmations) {
    operations[operation] = (input, headers) =>
      emailVerification.confirmWithCode(String(input.ClientId ?? ''), String(input.Username ?? ''), () => call(operation, input, headers));
  }

  return async function proxy(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const openid = /^\/([\w-]+)\/\.well-known\/openid-configuration$/.exec(path);
    if (req.method === 'GET' && openid) {
      const issuer = `${publicBase}/${openid[1]}`;
      return sendJson(res, 200, { issuer, jwks_uri: `${issuer}/.well-known/jwks.json`, id_token_signing_alg_values_supported: ['RS256'] });
    }
    const body = await readBody(req);
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const handle = req.method === 'POST' ? operations[operation] : undefined;
    if (handle) return relay(res, await handle(JSON.parse(body.toString('utf8') || '{}') as Input, forwardedHeaders(req)));
    const method = req.method ?? 'GET';
    const reply = await fetch(`${upstream}${path}`, {
      method,
      headers: forwardedHeaders(req),
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      redirect: 'manual',
    });
    relay(res, await received(reply));
  };
}

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'content-length', 'connection', 'accept-encoding'].includes(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

async function received(reply: Response): Promise<Upstream> {
  const body = Buffer.from(await reply.arrayBuffer());
  return { status: reply.status, headers: reply.headers, body, json: () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown> };
}

/** A reply made here, shaped like Cognito's. */
function answer(status: number, body: unknown): Promise<Upstream> {
  return received(Response.json(body, { status, headers: { 'content-type': amzJson, 'access-control-allow-origin': '*' } }));
}

function relay(res: ServerResponse, reply: Upstream): void {
  const headers: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
  });
  res.writeHead(reply.status, headers).end(reply.body);
}
