import { operatorsGroup } from '../packages/contracts/src/ops/shared';
import { cognitoTriggers } from '../packages/functions/src/triggers';
import { hostedUiDomainPrefix, sesIdentityOf } from './cognito-names';
import { protectFromThreats, secureUserPool } from './cognito-settings';
import './function-defaults';
import { handlerPath } from './handlers';
import { provideLinks } from './links';
import './realtime-api'; // linked by the PostConfirmation trigger
import { webOrigins } from './router';
import { secrets } from './secrets';
import { isProduction, region } from './stage';
import { userPoolRateRules, visibility, wafRules } from './waf-rules';

/** Where the hosted UI sends the browser back after a Google sign-in, and after sign-out. */
const OAUTH_CALLBACK_PATH = '/auth/callback';

const accountId = aws.getCallerIdentityOutput().accountId;

/** Unique across all AWS accounts in the region and within Cognito's rules (see cognito-names.ts). */
const hostedUiPrefix = accountId.apply((account) => hostedUiDomainPrefix($app.name, $app.stage, account));

/**
 * Stage setting: the From address of sign-up and reset e-mails, sent through SES (e.g.
 * `npx sst secret set SesFromAddress "NumberNest <no-reply@example.com>" --stage production`; its
 * domain must be a verified SES identity in the stage's region, out of the SES sandbox). Unset
 * (empty): Cognito's own sender, which allows 50 e-mails a day per account. See docs/deploy.md.
 * The operators' answers to contact messages go out from it too (stacks/mail.ts).
 */
export const sesFromAddress = new sst.Secret('SesFromAddress', '');

const emailConfiguration = $resolve([sesFromAddress.value, accountId, region]).apply(([from, account, awsRegion]) => {
  if (!from.trim()) return { emailSendingAccount: 'COGNITO_DEFAULT' };
  const { domain } = sesIdentityOf(from);
  return {
    emailSendingAccount: 'DEVELOPER',
    fromEmailAddress: from.trim(),
    sourceArn: `arn:aws:ses:${awsRegion}:${account}:identity/${domain}`,
  };
});

/** E-mail is the username; sign-up is confirmed with a code sent by e-mail. */
export const userPool = new sst.aws.CognitoUserPool('UserPool', {
  usernames: ['email'],
  verify: {
    emailSubject: 'Your NumberNest verification code',
    emailMessage: 'Your NumberNest verification code is {####}',
  },
  domain: { prefix: hostedUiPrefix },
  triggers: {
    // After a password reset it signs the user out everywhere (the event names the pool). Any pool
    // of the account and region: naming this one would make the pool and its trigger depend on each other.
    postConfirmation: {
      handler: handlerPath(cognitoTriggers.PostConfirmation),
      permissions: [{ actions: ['cognito-idp:AdminUserGlobalSignOut'], resources: [$interpolate`arn:aws:cognito-idp:${region}:${accountId}:userpool/*`] }],
    },
    customMessage: handlerPath(cognitoTriggers.CustomMessage),
  },
  transform: {
    userPool: (args, opts) => {
      // Password policy, e-mail recovery, and e-mail changes only once the new address is verified.
      secureUserPool(args);
      protectFromThreats(args, isProduction);
      args.emailConfiguration = emailConfiguration;
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
  // email_verified: without it a Google user's profile would be stored unverified (403 on balance).
  attributes: { email: 'email', email_verified: 'email_verified', name: 'name', username: 'sub' },
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
      // The web app signs out to /logIn; '/' stays allowed.
      args.logoutUrls = webOrigins.apply((origins) => origins.flatMap((origin) => [`${origin}/logIn`, `${origin}/`]));
      args.preventUserExistenceErrors = 'ENABLED';
      args.enableTokenRevocation = true;
    },
  },
});

/**
 * Operators (the console at /ops). Members are added only from the command line
 * (`npm run ops -- grant-operator <email>` in `sst shell`, docs/deploy.md); tokens carry the group.
 */
new aws.cognito.UserGroup('Operators', { userPoolId: userPool.id, name: operatorsGroup, description: 'NumberNest operators: the console at /ops' });

/**
 * AWS WAF in front of the pool's public API and hosted UI (IAM-signed admin calls are not
 * inspected): the rate rules of waf-rules.ts, per client IP. A regional web ACL, in the pool's region.
 */
const userPoolWaf = new aws.wafv2.WebAcl('UserPoolWaf', {
  description: `${$app.name} ${$app.stage} user pool: rate limits per client IP`,
  scope: 'REGIONAL',
  defaultAction: { allow: {} },
  rules: wafRules(userPoolRateRules, 'UserPool'),
  visibilityConfig: visibility('UserPoolWaf'),
});
new aws.wafv2.WebAclAssociation('UserPoolWafAssociation', { resourceArn: userPool.arn, webAclArn: userPoolWaf.arn });

/** The hosted UI (Google sign-in starts here). */
export const hostedUiUrl = userPool.domainUrl ?? '';

provideLinks({ UserPool: userPool, UserPoolClient: userPoolClient });
