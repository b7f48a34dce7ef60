import {
  AdminGetUserCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

/** Lookups on cognito-local's pools that the proxy's additions need, each made once (users each time). */
export class UserPools {
  private readonly poolOfClient = new Map<string, Promise<string | undefined>>();
  private readonly autoVerifying = new Map<string, Promise<boolean>>();

  constructor(private readonly cognito: CognitoIdentityProviderClient) {}

  /** The pool of an app client (cognito-local has no lookup by client id alone). */
  poolOf(clientId: string): Promise<string | undefined> {
    return cached(this.poolOfClient, clientId, async () => {
      const { UserPools = [] } = await this.cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      for (const pool of UserPools) {
        const { UserPoolClients = [] } = await this.cognito.send(new ListUserPoolClientsCommand({ UserPoolId: pool.Id, MaxResults: 60 }));
        if (UserPoolClients.some((c) => c.ClientId === clientId)) return pool.Id;
      }
      return undefined;
    });
  }

  /**
   * The user a name stands for in a client's pool, whichever of its names (e-mail, sub) is sent:
   * `<pool id>/<user name>`, or undefined when there is no such user (or client).
   */
  async userOf(clientId: string, username: string): Promise<string | undefined> {
    const userPoolId = clientId && username ? await this.poolOf(clientId) : undefined;
    if (!userPoolId) return undefined;
    try {
      const { Username } = await this.cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
      return `${userPoolId}/${Username}`;
    } catch (error) {
      if (error instanceof UserNotFoundException) return undefined;
      throw error;
    }
  }

  /** The pool sends its codes by e-mail and marks the address verified (AutoVerifiedAttributes ['email']). */
  autoVerifiesEmail(userPoolId: string): Promise<boolean> {
    return cached(this.autoVerifying, userPoolId, async () => {
      const { UserPool } = await this.cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
      return UserPool?.AutoVerifiedAttributes?.includes('email') ?? false;
    });
  }
}

/** One lookup per key; a failed one, or one that found nothing, is tried again next time. */
function cached<T>(cache: Map<string, Promise<T>>, key: string, look: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = look();
    cache.set(key, found);
    found.then(
      (value) => value === undefined && cache.delete(key),
      () => cache.delete(key),
    );
  }
  return found;
}
