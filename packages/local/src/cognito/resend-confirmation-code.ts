import {
  AdminGetUserCommand,
  CognitoIdentityProviderServiceException,
  ForgotPasswordCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Mailbox } from '../mailbox';
import type { UserPools } from './user-pools';

/** A reply in Cognito's JSON protocol: errors are `{ __type, message }`. */
export interface CognitoReply {
  status: number;
  body: unknown;
}

/**
 * ResendConfirmationCode (Amplify's resendSignUpCode), which cognito-local 5.3.0 answers with
 * CognitoLocal#Unsupported, done with what it has: its ForgotPassword only stores a fresh code in
 * the user's ConfirmationCode (what ConfirmSignUp checks, so the previous code stops working, as on
 * AWS) and e-mails it; status and password stay. The mailbox files that mail as a sign-up code,
 * and the pool's CustomMessage trigger is told CustomMessage_ResendCode, as on AWS (see ResendsUnderWay).
 */
export function createResendConfirmationCode(
  cognito: CognitoIdentityProviderClient,
  pools: UserPools,
  mailbox: Pick<Mailbox, 'relabelNext'>,
  underWay = new ResendsUnderWay(),
) {
  return async function resendConfirmationCode(input: Record<string, unknown>): Promise<CognitoReply> {
    const { ClientId: clientId, Username: username } = input;
    if (!isText(clientId) || !isText(username)) {
      return failure('InvalidParameterException', validationMessage({ clientId, username }));
    }
    const userPoolId = await pools.poolOf(clientId);
    if (!userPoolId) return failure('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);

    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username })).catch((error: unknown) => {
      if (error instanceof UserNotFoundException) return undefined;
      throw error;
    });
    if (!user) return failure('UserNotFoundException', 'Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') return failure('InvalidParameterException', 'User is already confirmed.');
    const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
    if (!email || !(await pools.autoVerifiesEmail(userPoolId))) {
      return failure('InvalidParameterException', 'Cannot resend codes. Auto verification not turned on.');
    }

    const undoRelabel = mailbox.relabelNext('ForgotPassword', email, 'sign-up');
    const done = underWay.begin(email);
    try {
      await cognito.send(
        new ForgotPasswordCommand({ ClientId: clientId, Username: username, ClientMetadata: input.ClientMetadata as Record<string, string> | undefined }),
      );
    } catch (error) {
      undoRelabel();
      if (error instanceof CognitoIdentityProviderServiceException) {
        return failure(error.name, error.message, error.$metadata.httpStatusCode ?? 400);
      }
      throw error;
    } finally {
      done();
    }
    return { status: 200, body: { CodeDeliveryDetails: { Destination: maskedEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' } } };
  };
}

interface CustomMessageEvent {
  triggerSource: string;
  request: { userAttributes?: Record<string, string> };
}

/**
 * The e-mail addresses whose resend is under way: cognito-local words that mail through the
 * CustomMessage trigger as CustomMessage_ForgotPassword (it is its ForgotPassword); the Lambda
 * endpoint's `completeTriggerEvent` gives the trigger CustomMessage_ResendCode instead, as AWS would,
 * so a sign-up code is not worded as a password reset.
 */
export class ResendsUnderWay {
  private readonly emails = new Map<string, number>();

  begin(email: string): () => void {
    const key = email.toLowerCase();
    this.emails.set(key, (this.emails.get(key) ?? 0) + 1);
    return () => {
      const left = this.emails.get(key)! - 1;
      if (left) this.emails.set(key, left);
      else this.emails.delete(key);
    };
  }

  completeTriggerEvent = async (event: unknown): Promise<unknown> => {
    const e = event as Partial<CustomMessageEvent> | null;
    const email = e?.request?.userAttributes?.email?.toLowerCase();
    if (e?.triggerSource !== 'CustomMessage_ForgotPassword' || !email || !this.emails.has(email)) return event;
    return { ...e, triggerSource: 'CustomMessage_ResendCode' };
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function failure(type: string, message: string, status = 400): CognitoReply {
  return { status, body: { __type: type, message } };
}

/** AWS's wording for missing members: "1 validation error detected: Value null at 'username' …". */
function validationMessage(members: Record<string, unknown>): string {
  const missing = Object.entries(members).filter(([, value]) => !isText(value));
  const errors = missing.map(([name, value]) =>
    value === undefined || value === null
      ? `Value null at '${name}' failed to satisfy constraint: Member must not be null`
      : `Value at '${name}' failed to satisfy constraint: Member must have length greater than or equal to 1`,
  );
  return `${errors.length} validation error${errors.length > 1 ? 's' : ''} detected: ${errors.join('; ')}`;
}

/** How Cognito shows where a code went: jane@example.com -> j***@e***.com. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}
