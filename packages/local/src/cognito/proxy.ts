import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http';
import { sourceIp } from '../net';
import type { EmailVerification } from './email-verification';
import { codeDeliveriesPerUser, SignInLockout, signUpsPerAddress, SlidingWindow } from './limits';
import type { CognitoReply } from './resend-confirmation-code';
import { signatureRefusal, type Credentials } from './signature';
import type { SignOuts } from './sign-outs';
import type { UserPools } from './user-pools';

const amzJson = 'application/x-amz-json-1.1';
const servicePrefix = 'AWSCognitoIdentityProviderService';
const refreshFlows = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
const signInOperations = new Set(['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge']);
/** Confirmations with the e-mailed code: they verify the e-mail on AWS (AdminConfirmSignUp does not). */
const codeConfirmations = ['ConfirmSignUp', 'ConfirmForgotPassword'];
/** Sign-ins that check a password (the ones Cognito's lockout counts). */
const passwordFlows = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);

/**
 * The operations Cognito serves without AWS credentials (unauthenticated, or authorized by a session
 * or an access token): the AWS SDK's own list of those it sends unsigned. Every other one (Admin*,
 * CreateUserPool*, UpdateUserPool, ListUsers, …) needs IAM credentials on AWS, and here the handlers'.
 */
const publicOperations = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListUserSessions',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'RevokeUserSession',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

/** Cognito's answers to the limits (limits.ts), and AWS WAF's block in front of the user pool. */
const passwordAttemptsExceeded = { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' };
const attemptLimitExceeded = { __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };
const wafBlock = { __type: 'ForbiddenException', message: 'Request not allowed due to WAF block.' };

type Input = Record<string, unknown> & { AuthFlow?: string; AuthParameters?: Record<string, string> };

export interface CognitoProxyOptions {
  /** cognito-local itself. */
  upstream: string;
  /** Where the proxy is reached (it names the issuer in the openid-configuration). */
  publicBase: string;
  signOuts: SignOuts;
  emailVerification: EmailVerification;
  resendConfirmationCode: (input: Record<string, unknown>) => Promise<CognitoReply>;
  /** The handlers' AWS credentials: privileged operations are accepted only signed with them. */
  credentials: Credentials;
  /** Who a sign-in or a code request names, for the per-user limits. */
  users: Pick<UserPools, 'userOf'>;
}

interface Upstream {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): Record<string, unknown>;
}

/**
 * Cognito's public endpoint as browsers and handlers reach it locally, with what cognito-local
 * lacks answered the way Cognito does:
 * - privileged operations (anything but `publicOperations`) only signed with the handlers'
 *   credentials, as AWS wants IAM credentials for them; unsigned, 400 MissingAuthenticationToken;
 * - the lockout after failed password sign-ins, and at most 5 code e-mails per user an hour for
 *   ResendConfirmationCode and ForgotPassword (limits.ts);
 * - sign-ups per client address, as the stage's WAF rule on the user pool answers them (403);
 * - GetTokensFromRefreshToken (how aws-amplify v6 refreshes) becomes InitiateAuth REFRESH_TOKEN_AUTH;
 * - GlobalSignOut / AdminUserGlobalSignOut / RevokeToken end refresh tokens (see SignOuts);
 * - ConfirmSignUp / ConfirmForgotPassword verify the e-mail (see EmailVerification);
 * - ResendConfirmationCode sends a new sign-up code (see createResendConfirmationCode);
 * - its openid-configuration names port 9229 whatever it runs on: that one is answered here.
 * Everything else passes through unchanged.
 */
export function createCognitoProxy({ upstream, publicBase, signOuts, emailVerification, resendConfirmationCode, credentials, users }: CognitoProxyOptions) {
  const lockout = new SignInLockout();
  const codeDeliveries = new SlidingWindow(codeDeliveriesPerUser);
  const signUps = new SlidingWindow({ limit: signUpsPerAddress.limit, windowMs: signUpsPerAddress.windowSeconds * 1000 });

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
    ResendConfirmationCode: (input) =>
      withinCodeAllowance('sign-up', input, async () => {
        const { status, body } = await resendConfirmationCode(input);
        return answer(status, body);
      }),
    ForgotPassword: (input, headers) => withinCodeAllowance('reset', input, () => call('ForgotPassword', input, headers)),
  };

  /** A code e-mail within the user's hourly allowance, else Cognito's LimitExceededException; a failed delivery is not counted. */
  async function withinCodeAllowance(kind: string, input: Input, deliver: () => Promise<Upstream>): Promise<Upstream> {
    const user = await users.userOf(String(input.ClientId ?? ''), String(input.Username ?? ''));
    const giveBack = user ? codeDeliveries.take(`${kind} ${user}`) : () => undefined;
    if (!giveBack) return answer(400, attemptLimitExceeded);
    const reply = await deliver();
    if (reply.status !== 200) giveBack();
    return reply;
  }

  for (const operation of signInOperations) {
    operations[operation] = async (input, headers) => {
      const refreshToken = input.AuthParameters?.REFRESH_TOKEN;
      if (refreshFlows.has(input.AuthFlow ?? '') && refreshToken && signOuts.isRevoked(refreshToken)) {
        return answer(400, { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
      }
      const user = passwordFlows.has(input.AuthFlow ?? '') ? await users.userOf(String(input.ClientId ?? ''), input.AuthParameters?.USERNAME ?? '') : undefined;
      if (user && !lockout.mayTry(user)) return answer(400, passwordAttemptsExceeded);
      const reply = await call(operation, input, headers);
      if (reply.status === 200) signOuts.noteIssued((reply.json().AuthenticationResult as { RefreshToken?: string } | undefined)?.RefreshToken);
      if (user && reply.status === 200) lockout.succeeded(user);
      // cognito-local answers a wrong password with InvalidPasswordException, Cognito with NotAuthorizedException.
      else if (user && ['InvalidPasswordException', 'NotAuthorizedException'].includes(errorType(reply))) lockout.failed(user);
      return reply;
    };
  }

  /** A privileged call not signed with the handlers' credentials, or a sign-up past its address's limit. */
  function refusal(operation: string, req: IncomingMessage, body: Buffer): Promise<Upstream> | undefined {
    if (!publicOperations.has(operation)) {
      const refused = signatureRefusal(req, body, credentials);
      return refused && answer(400, { __type: refused.type, message: refused.message });
    }
    if (operation === 'SignUp' && !signUps.count(sourceIp(req) ?? '')) return answer(403, wafBlock);
    return undefined;
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
    const refused = req.method === 'POST' ? refusal(operation, req, body) : undefined;
    if (refused) return relay(res, await refused);
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

/** The `__type` of an error reply ('' for anything else). */
function errorType(reply: Upstream): string {
  try {
    return String(reply.json().__type ?? '');
  } catch {
    return '';
  }
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
