import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { maskedEmail } from '../src/cognito/resend-confirmation-code';
import type { Mail } from '../src/mailbox';
import { mailSettled, mailsTo, signUp as signUpWithCognito, withCognito, localCloud } from '../src/testing';

/**
 * ResendConfirmationCode through the local Cognito proxy (cognito-local lacks it), as Amplify's
 * resendSignUpCode sends it, and a person's whole sign-up with a resent code down to POST /api/logout.
 */
const cognito = localCloud().cognito;
const apiUrl = localCloud().apiUrl;
const password = 'Passw0rd!';

async function signUp(): Promise<string> {
  const email = `resend-${randomUUID()}@example.com`;
  await signUpWithCognito(email, password);
  return email;
}

/** The mails to `email`, newest first, once there are `count` of them. */
async function mailsOnceThere(email: string, count: number): Promise<Mail[]> {
  let mails: Mail[] = [];
  await expect.poll(async () => (mails = await mailsTo(email)).length).toBe(count);
  return mails;
}

const resend = (username: string) => withCognito((c) => c.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: username })));
const confirm = (email: string, code: string) =>
  withCognito((c) => c.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code })));
const signIn = (email: string) =>
  withCognito((c) =>
    c.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } })),
  );
const statusOf = async (email: string) =>
  (await withCognito((c) => c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email })))).UserStatus;

/** A raw call in Cognito's JSON protocol (what a browser sends), for the exact reply. */
async function rawResend(body: unknown) {
  const response = await fetch(`${cognito.endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ResendConfirmationCode' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('ResendConfirmationCode (local Cognito proxy)', () => {
  it('mails a new sign-up code that confirms the account; the old code no longer does; status and password stay', async () => {
    const email = await signUp();
    const [first] = await mailsOnceThere(email, 1);

    const { CodeDeliveryDetails } = await resend(email);
    expect(CodeDeliveryDetails).toEqual({ Destination: maskedEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(CodeDeliveryDetails!.Destination).toMatch(/^r\*\*\*@e\*\*\*\.com$/);

    const [second] = await mailsOnceThere(email, 2);
    // Filed exactly like the first sign-up mail, in the JSON and on the page.
    expect(second).toEqual({ ...first, code: second!.code, at: second!.at });
    expect(second).toMatchObject({ to: email, kind: 'sign-up', subject: 'Confirm your NumberNest account', code: expect.stringMatching(/^\d{6}$/) });
    const page = await (await fetch(`${apiUrl}/_local/mail`)).text();
    expect(page).toContain(`<td>Confirm your NumberNest account</td><td class="code">${second!.code}</td>`);

    expect(await statusOf(email)).toBe('UNCONFIRMED');
    await expect(signIn(email)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    if (first!.code !== second!.code) {
      await expect(confirm(email, first!.code)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await confirm(email, second!.code);
    expect(await statusOf(email)).toBe('CONFIRMED');
    expect((await signIn(email)).AuthenticationResult?.IdToken).toBeTruthy(); // the password is the one signed up with
  });

  it('takes the user name in any form Cognito does (here the sub) and mails the e-mail address', async () => {
    const email = await signUp();
    await mailsOnceThere(email, 1);
    const sub = (await withCognito((c) => c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email })))).Username!;
    await resend(sub);
    const [latest] = await mailsOnceThere(email, 2);
    await confirm(email, latest!.code);
    expect(await statusOf(email)).toBe('CONFIRMED');
  });

  it('says InvalidParameterException: User is already confirmed. for a confirmed user, and mails nothing', async () => {
    const email = await signUp();
    const [code] = await mailsOnceThere(email, 1);
    await confirm(email, code!.code);
    await expect(resend(email)).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'User is already confirmed.',
      $metadata: { httpStatusCode: 400 },
    });
    await mailSettled();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('says UserNotFoundException (400, __type and message) for an unknown user', async () => {
    const nobody = `nobody-${randomUUID()}@example.com`;
    await expect(resend(nobody)).rejects.toMatchObject({ name: 'UserNotFoundException', $metadata: { httpStatusCode: 400 } });
    expect(await rawResend({ ClientId: cognito.clientId, Username: nobody })).toEqual({
      status: 400,
      json: { __type: 'UserNotFoundException', message: 'Username/client id combination not found.' },
    });
  });

  it('says InvalidParameterException for missing fields, ResourceNotFoundException for an unknown client', async () => {
    expect(await rawResend({ ClientId: cognito.clientId })).toEqual({
      status: 400,
      json: {
        __type: 'InvalidParameterException',
        message: "1 validation error detected: Value null at 'username' failed to satisfy constraint: Member must not be null",
      },
    });
    const neither = await rawResend({ Username: '' });
    expect(neither.status).toBe(400);
    expect(neither.json).toMatchObject({
      __type: 'InvalidParameterException',
      message: expect.stringMatching(/^2 validation errors detected: .*'clientId'.*'username'/),
    });
    expect(await rawResend({ ClientId: 'no-such-client', Username: 'someone@example.com' })).toEqual({
      status: 400,
      json: { __type: 'ResourceNotFoundException', message: 'User pool client no-such-client does not exist.' },
    });
  });
});

describe('a sign-up confirmed with the e-mailed code, then POST /api/logout', () => {
  it.each(['IdToken', 'AccessToken'] as const)('signs out with the %s: 200 and the refresh token is refused', async (token) => {
    const email = await signUp();
    const [mail] = await mailsOnceThere(email, 1);
    await confirm(email, mail!.code);
    const tokens = (await signIn(email)).AuthenticationResult!;

    const response = await fetch(`${apiUrl}/api/logout`, { method: 'POST', headers: { accept: 'application/json', authorization: `Bearer ${tokens[token]}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', message: 'Logout Successfully' });
    await expect(
      withCognito((c) => c.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken! }))),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('maskedEmail', () => {
  it('shows the first letters and the top-level domain, as Cognito does', () => {
    expect(maskedEmail('jane@example.com')).toBe('j***@e***.com');
    expect(maskedEmail('a.b@mail.example.co.uk')).toBe('a***@m***.uk');
  });
});
