import { cognitoTriggers } from '../packages/functions/src/triggers';
import './function-defaults';
import { handlerIfPresent } from './handlers';
import { provideLinks } from './links';
import { webOrigins } from './router';
import { secrets } from './secrets';
import { isProduction } from './stage';

/** Where the hosted UI sends the browser back after a Google sign-in, and after sign-out. */
const OAUTH_CALLBACK_PATH = '/auth/callback';

const postConfirmation = handlerIfPresent(cognitoTriggers.PostConfirmation);

/** Cognito domain prefixes: lowercase letters, digits and hyphens, globally unique per region. */
const hostedUiPrefix = `${$app.name}-${$app.stage}`.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 63);

/** E-mail is the username; sign-up is confirmed with a code sent by e-mail. */
export const userPool = new sst.aws.CognitoUserPool('UserPool', {
  usernames: ['email'],
  verify: {
    emailSubject: 'Your NumberNest verification code',
    emailMessage: 'Your NumberNest verification code is {####}',
  },
  domain: { prefix: hostedUiPrefix },
  triggers: postConfirmation ? { postConfirmation } : undefined,
  transform: {
    userPool: (args, opts) => {
      args.passwordPolicy = {
        minimumLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireNumbers: true,
        requireSymbols: false,
        temporaryPasswordValidityDays: 7,
      };
      // There are no phone numbers on accounts: recover by e-mail only.
      args.accountRecoverySetting = { recoveryMechanisms: [{ name: 'verified_email', priority: 1 }] };
      // The accounts are the business: production keeps its pool even if the stage is removed.
      args.deletionProtection = isProduction ? 'ACTIVE' : 'INACTIVE';
      if (isProduction) opts.retainOnDelete = true;
    },
  },
});

export const google = userPool.addIdentityProvider('Google', {
  type: 'google',
  details: {
    authorize_scopes: 'openid email profile',
    client_id: secrets.GoogleClientId.value,
    client_secret: secrets.GoogleClientSecret.value,
  },
  attributes: { email: 'email', name: 'name', username: 'sub' },
});

/**
 * The web app's client: no secret (it runs in a browser). USER_PASSWORD_AUTH is what the local
 * cloud supports (cognito-local has no SRP), so the same sign-in code works on both; SRP stays
 * allowed for Amplify's default. Google goes through the hosted UI with the code flow.
 */
export const userPoolClient = userPool.addClient('UserPoolClient', {
  providers: ['COGNITO', google.providerName],
  callbackUrls: webOrigins.apply((origins) => origins.map((origin) => origin + OAUTH_CALLBACK_PATH)),
  transform: {
    client: (args) => {
      args.generateSecret = false;
      args.explicitAuthFlows = ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];
      args.allowedOauthFlows = ['code'];
      args.allowedOauthScopes = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'];
      // The web app signs out to /logIn (spec §4); '/' stays allowed.
      args.logoutUrls = webOrigins.apply((origins) => origins.flatMap((origin) => [`${origin}/logIn`, `${origin}/`]));
      args.preventUserExistenceErrors = 'ENABLED';
      args.enableTokenRevocation = true;
    },
  },
});

/** The hosted UI (Google sign-in starts here). */
export const hostedUiUrl = userPool.domainUrl ?? '';

provideLinks({ UserPool: userPool, UserPoolClient: userPoolClient });
