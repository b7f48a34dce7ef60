import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { simBankPath } from './bank';

/** The demo partner that owns the stand-in SIM bank on `npm start` (sign in with it to see the partner's page). */
export const demoPartner = { email: 'simbank-partner@numbernest.local', password: 'SimBank-Partner-1' } as const;
const agentName = 'Local SIM bank';
const startedBy = { sub: 'local:npm-start', email: 'npm start' };

/** Where the demo partner is made: the local cloud's origin and its Cognito (the proxy under the one port, with the handlers' credentials). */
export interface DemoCloud {
  url: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  /** The handler environment (its AWS credentials sign the admin calls the proxy takes). */
  env: Record<string, string>;
}

/** The demo partner's account, verified and confirmed (made once), signed in: its id token. */
async function demoAccount(cloud: DemoCloud): Promise<string> {
  const { email, password } = demoPartner;
  const client = new CognitoIdentityProviderClient({
    endpoint: cloud.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: cloud.env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: cloud.env.AWS_SECRET_ACCESS_KEY ?? '' },
  });
  try {
    const made = await client
      .send(new SignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }))
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof UsernameExistsException) return false;
          throw error;
        },
      );
    if (made) {
      // Verified before the confirmation, so the account is recorded as verified (as the e-mailed code does).
      const verified = [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ];
      await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: cloud.cognito.userPoolId, Username: email, UserAttributes: verified }));
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cloud.cognito.userPoolId, Username: email }));
    }
    const signedIn = await client.send(
      new InitiateAuthCommand({ ClientId: cloud.cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    const token = signedIn.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`The demo partner ${email} cannot sign in`);
    return token;
  } finally {
    client.destroy();
  }
}

/**
 * `npm start`'s partner: a verified account with the partner role (made once, kept in .data/), whose
 * one agent is the stand-in SIM bank under /_local/simbank. The bank keeps its key in memory only, so
 * each start gives the agent a new key and hands it to the bank (as a partner would paste it into its
 * agent's settings); the poller then puts the bank's stock on sale within 15 s.
 */
export async function registerDemoSimBank(cloud: DemoCloud): Promise<{ agentId: string }> {
  const token = await demoAccount(cloud);
  // The profile, made as on a first sign-in.
  const profile = await fetch(`${cloud.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  if (!profile.ok) throw new Error(`GET /api/user for the demo partner: ${profile.status}`);

  const { grantPartner } = await import('@numbernest/core/accounts');
  const { addAgent, listAgentsOfPartner, rotateAgentKey, pollAgent } = await import('@numbernest/core/supply');
  const partner = await grantPartner(demoPartner.email, startedBy);
  const existing = (await listAgentsOfPartner(partner.sub)).find((agent) => agent.name === agentName);
  const { agent, key } = existing
    ? await rotateAgentKey(partner.sub, existing.id)
    : await addAgent({ partnerSub: partner.sub, name: agentName, url: `${cloud.url}${simBankPath}/agent` }, { operator: startedBy });
  const configured = await fetch(`${cloud.url}${simBankPath}/configure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, platformUrl: cloud.url }),
  });
  if (!configured.ok) throw new Error(`The stand-in SIM bank refused its key: ${configured.status}`);
  await pollAgent(agent); // on sale now, not at the poller's next round
  return { agentId: agent.id };
}
