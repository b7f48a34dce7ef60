import { AdminGetUserCommand, AdminUpdateUserAttributesCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { UserPools } from './user-pools';

interface PostConfirmationEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
  callerContext?: { clientId?: string | null };
  request: { userAttributes: Record<string, string> };
}

/**
 * What Cognito does and cognito-local does not: in a pool with AutoVerifiedAttributes ['email'],
 * a user who confirms with the e-mailed code (ConfirmSignUp, ConfirmForgotPassword) has shown they
 * read that mail, so `email_verified` becomes true. AdminConfirmSignUp shows nothing and verifies
 * nothing. On AWS the PostConfirmation trigger that runs inside such a confirmation already sees
 * the address verified; cognito-local sends the attributes from before, so its events are
 * completed here (see completeTriggerEvent).
 */
export class EmailVerification {
  /** `<clientId> <user name as sent, lower-cased>` of confirmations with a code under way. */
  private readonly confirming = new Map<string, number>();

  constructor(
    private readonly cognito: CognitoIdentityProviderClient,
    private readonly pools: UserPools,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Runs a confirmation with an e-mailed code (the call to cognito-local); once it succeeded the
   * e-mail is marked verified before the reply goes out, so the next sign-in's id token says so.
   */
  async confirmWithCode<R extends { status: number }>(clientId: string, username: string, confirm: () => Promise<R>): Promise<R> {
    const key = `${clientId} ${username.toLowerCase()}`;
    this.confirming.set(key, (this.confirming.get(key) ?? 0) + 1);
    let reply: R;
    try {
      reply = await confirm();
    } finally {
      const left = this.confirming.get(key)! - 1;
      if (left) this.confirming.set(key, left);
      else this.confirming.delete(key);
    }
    if (reply.status === 200) {
      await this.markVerified(clientId, username).catch((error: unknown) =>
        this.log(`Could not mark the e-mail of ${username} verified: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    return reply;
  }

  /** A PostConfirmation event sent during a confirmation with a code says `email_verified: 'true'`, as on AWS. */
  completeTriggerEvent = async (event: unknown): Promise<unknown> => {
    if (!isPostConfirmation(event) || !event.callerContext?.clientId) return event;
    const { clientId } = event.callerContext;
    const attributes = event.request.userAttributes;
    const names = [event.userName, attributes.sub, attributes.email].filter((n): n is string => !!n);
    if (!names.some((name) => this.confirming.has(`${clientId} ${name.toLowerCase()}`))) return event;
    if (!(await this.pools.autoVerifiesEmail(event.userPoolId))) return event;
    return { ...event, request: { ...event.request, userAttributes: { ...attributes, email_verified: 'true' } } };
  };

  private async markVerified(clientId: string, username: string): Promise<void> {
    const userPoolId = await this.pools.poolOf(clientId);
    if (!userPoolId || !(await this.pools.autoVerifiesEmail(userPoolId))) return;
    const user = await this.cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    const email = attribute('email');
    if (!email || attribute('email_verified') === 'true') return;
    await this.cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: user.Username,
        // cognito-local wants the address beside email_verified (and then sends no new code)
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
}

function isPostConfirmation(event: unknown): event is PostConfirmationEvent {
  const e = event as Partial<PostConfirmationEvent> | null;
  return typeof e?.triggerSource === 'string' && e.triggerSource.startsWith('PostConfirmation_') && typeof e.request?.userAttributes === 'object';
}
