import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ListUserPoolsCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { SignInLockout, SlidingWindow } from '../src/cognito/limits';
import type { Mail } from '../src/mailbox';
import { cognitoClient, createTestUser, localCloud, mailsTo, signUp, withCognito } from '../src/testing';

/**
 * The local Cognito proxy holds what Amazon Cognito holds, with Cognito's own answers (the lockout
 * after failed sign-ins, code e-mails per user), what the stage's WAF holds (sign-ups per client
 * address), and refuses privileged operations to anyone without the handlers' credentials.
 */
const cognito = localCloud().cognito;
const password = 'Passw0rd!';
const newEmail = (tag: string) => `${tag}-${randomUUID()}@example.com`;

/** 'ok', or the error's name and message. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: Error) => `${error.name}: ${error.message}`,
  );

/** `count` calls one after another, each answered by its outcome. */
async function inTurn(count: number, call: () => Promise<unknown>): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) answers.push(await outcome(call()));
  return answers;
}

/** The mails of `kind` to `email`, once there are `count` of them. */
async function mailsOnceThere(email: string, kind: Mail['kind'], count: number): Promise<Mail[]> {
  let mails: Mail[] = [];
  await expect.poll(async () => (mails = (await mailsTo(email)).filter((mail) => mail.kind === kind)).length).toBe(count);
  return mails;
}

const signIn = (client: CognitoIdentityProviderClient, email: string, withPassword: string) =>
  client.send(
    new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: withPassword } }),
  );

const exceeded = 'NotAuthorizedException: Password attempts exceeded';
const limitExceeded = 'LimitExceededException: Attempt limit exceeded, please try after some time.';

describe('privileged operations (Admin*, user pools, ListUsers…)', () => {
  /** A call as a browser sends it: no AWS signature. */
  const unsigned = (operation: string, body: unknown) =>
    fetch(`${cognito.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(body),
    });

  it('are refused unsigned, as AWS refuses them without IAM credentials, and change nothing', async () => {
    const user = await createTestUser();
    const pools = await withCognito((c) => c.send(new ListUserPoolsCommand({ MaxResults: 60 })));
    const { userPoolId, clientId } = cognito;
    const calls: Array<[string, unknown]> = [
      ['AdminGetUser', { UserPoolId: userPoolId, Username: user.email }],
      ['AdminSetUserPassword', { UserPoolId: userPoolId, Username: user.email, Password: 'Taken0ver!', Permanent: true }],
      ['AdminDeleteUser', { UserPoolId: userPoolId, Username: user.email }],
      ['AdminCreateUser', { UserPoolId: userPoolId, Username: newEmail('admin-made') }],
      ['AdminAddUserToGroup', { UserPoolId: userPoolId, Username: user.email, GroupName: 'operators' }],
      ['AdminUserGlobalSignOut', { UserPoolId: userPoolId, Username: user.email }],
      ['ListUsers', { UserPoolId: userPoolId }],
      ['DescribeUserPoolClient', { UserPoolId: userPoolId, ClientId: clientId }],
      ['CreateUserPool', { PoolName: 'intruder' }],
      ['UpdateUserPool', { UserPoolId: userPoolId }],
      ['DeleteUserPool', { UserPoolId: userPoolId }],
      ['', {}],
    ];
    for (const [operation, body] of calls) {
      const reply = await unsigned(operation, body);
      expect({ operation, status: reply.status, body: await reply.json() }).toEqual({
        operation,
        status: 400,
        body: { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' },
      });
    }
    // Nothing happened: the user signs in with the same password, outside the operators; the pools are as they were.
    const { AuthenticationResult } = await withCognito((c) => signIn(c, user.email, user.password));
    expect(JSON.parse(Buffer.from(AuthenticationResult!.IdToken!.split('.')[1]!, 'base64url').toString())['cognito:groups']).toBeUndefined();
    expect(await withCognito((c) => c.send(new ListUserPoolsCommand({ MaxResults: 60 })))).toMatchObject({ UserPools: pools.UserPools });
  });

  it('are refused signed with other credentials, and answered signed with the handlers’', async () => {
    const user = await createTestUser();
    const getUser = (credentials: { accessKeyId: string; secretAccessKey: string }) => {
      const client = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: 'us-east-1', credentials });
      return client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: user.email })).finally(() => client.destroy());
    };
    await expect(getUser({ accessKeyId: 'local', secretAccessKey: 'local' })).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    await expect(getUser({ accessKeyId: 'someone', secretAccessKey: 'local' })).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    const { localEnv } = localCloud();
    const handlers = { accessKeyId: localEnv.AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv.AWS_SECRET_ACCESS_KEY! };
    expect((await getUser(handlers)).Username).toBe(user.sub);
  });
});

describe('the lockout after failed sign-ins', () => {
  it('after five wrong passwords, the next attempts and then the right password answer "Password attempts exceeded"; another user signs in', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    await withCognito(async (client) => {
      // Wrong passwords until refused as Cognito refuses them (at most 25).
      const answers: string[] = [];
      while (answers.length < 25 && answers.at(-1) !== exceeded) answers.push(await outcome(signIn(client, user.email, 'Wrong-passw0rd')));
      // cognito-local's word for a wrong password; Cognito's is NotAuthorizedException "Incorrect username or password."
      expect(answers).toEqual([...Array<string>(5).fill('InvalidPasswordException: Invalid password'), exceeded]);
      expect(await outcome(signIn(client, user.email, user.password))).toBe(exceeded);
      expect((await signIn(client, other.email, other.password)).AuthenticationResult?.IdToken).toBeTruthy();
    });
  });
});

describe('code e-mails per user', () => {
  it('ResendConfirmationCode: 5 an hour, then LimitExceededException and no mail; the newest code confirms, and another user gets theirs', async () => {
    const email = newEmail('resends');
    await signUp(email, password);
    const answers = await withCognito((client) =>
      inTurn(10, () => client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }))),
    );
    expect(answers).toEqual([...Array<string>(5).fill('ok'), ...Array<string>(5).fill(limitExceeded)]);
    const [newest] = await mailsOnceThere(email, 'sign-up', 1 + 5);

    await withCognito((client) => client.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: newest!.code })));
    expect((await withCognito((client) => signIn(client, email, password))).AuthenticationResult?.IdToken).toBeTruthy();

    const other = newEmail('resends-other');
    await signUp(other, password);
    await withCognito((client) => client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: other })));
    await mailsOnceThere(other, 'sign-up', 2);
  });

  it('ForgotPassword: 5 an hour, then LimitExceededException and no mail; the newest code resets the password', async () => {
    const user = await createTestUser();
    const answers = await withCognito((client) =>
      inTurn(8, () => client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: user.email }))),
    );
    expect(answers).toEqual([...Array<string>(5).fill('ok'), ...Array<string>(3).fill(limitExceeded)]);
    const [newest] = await mailsOnceThere(user.email, 'password-reset', 5);

    const reset = 'Reset-passw0rd!';
    await withCognito((client) =>
      client.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: user.email, ConfirmationCode: newest!.code, Password: reset })),
    );
    expect((await withCognito((client) => signIn(client, user.email, reset))).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('sign-ups per client address (WAF’s rule on AWS)', () => {
  it('10 from one address in 10 minutes; the next are 403 ForbiddenException as WAF blocks them, making no account; another address signs up', async () => {
    const oneVisitor = cognitoClient();
    const emails = Array.from({ length: 12 }, () => newEmail('sign-ups'));
    const answers: string[] = [];
    for (const email of emails) {
      const signingUp = oneVisitor.send(
        new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
      );
      answers.push(
        await signingUp.then(
          () => 'ok',
          (error: Error & { $metadata: { httpStatusCode?: number } }) => `${error.$metadata.httpStatusCode} ${error.name}: ${error.message}`,
        ),
      );
    }
    oneVisitor.destroy();
    expect(answers).toEqual([...Array<string>(10).fill('ok'), ...Array<string>(2).fill('403 ForbiddenException: Request not allowed due to WAF block.')]);
    await expect(withCognito((c) => c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: emails[11]! })))).rejects.toBeInstanceOf(
      UserNotFoundException,
    );
    // Another visitor (testing's clients each have an address of their own) signs up.
    const other = newEmail('sign-ups-other');
    await signUp(other, password);
    expect((await withCognito((c) => c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: other })))).UserStatus).toBe('UNCONFIRMED');
  });
});

describe('the limits’ clocks (limits.ts)', () => {
  it('a lockout starts after five failures at 1 s, doubles per failure up to 15 minutes, and ends with a success or 15 quiet minutes', () => {
    let now = 0;
    const lockout = new SignInLockout(() => now);
    for (let i = 0; i < 5; i++) {
      expect(lockout.mayTry('u')).toBe(true);
      lockout.failed('u');
    }
    expect(lockout.mayTry('u')).toBe(false);
    now = 1000;
    expect(lockout.mayTry('u')).toBe(true);
    lockout.failed('u'); // the sixth: 2 s
    now = 2999;
    expect(lockout.mayTry('u')).toBe(false);
    now = 3000;
    expect(lockout.mayTry('u')).toBe(true);
    for (let i = 0; i < 20; i++) lockout.failed('u'); // far past 15 minutes' worth of doubling
    now += 15 * 60_000 - 1;
    expect(lockout.mayTry('u')).toBe(false);
    now += 1;
    expect(lockout.mayTry('u')).toBe(true);
    lockout.succeeded('u');
    lockout.failed('u');
    expect(lockout.mayTry('u')).toBe(true); // counting starts over

    for (let i = 0; i < 5; i++) lockout.failed('v');
    now += 15 * 60_000; // 15 minutes without an attempt: forgotten
    expect(lockout.mayTry('v')).toBe(true);
    lockout.failed('v');
    expect(lockout.mayTry('v')).toBe(true);
  });

  it('a sliding window counts refused requests too (WAF) or only the uses taken, each given back when it did not happen', () => {
    let now = 0;
    const window = new SlidingWindow({ limit: 2, windowMs: 1000 }, () => now);
    expect([window.count('a'), window.count('a'), window.count('a'), window.count('b')]).toEqual([true, true, false, true]);
    now = 999;
    expect(window.count('a')).toBe(false); // the refused ones still count
    now = 1999;
    expect(window.count('a')).toBe(true);

    const uses = new SlidingWindow({ limit: 2, windowMs: 1000 }, () => now);
    const first = uses.take('a');
    expect(uses.take('a')).toBeDefined();
    expect(uses.take('a')).toBeUndefined();
    first!();
    expect(uses.take('a')).toBeDefined();
    now += 1000;
    expect([uses.take('a'), uses.take('a'), uses.take('a')].map(Boolean)).toEqual([true, true, false]);
  });
});
