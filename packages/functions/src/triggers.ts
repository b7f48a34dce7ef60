/**
 * The one table of the user pool's Cognito triggers: trigger (Cognito's LambdaConfig name) ->
 * handler, written like routes.ts (`<file under packages/functions/src>.<export>`). stacks/auth.ts
 * wires them to the pool on AWS; locally cognito-local invokes the very same handlers through the
 * local cloud's Lambda endpoint. No imports: the infra type-check reads this file too.
 */
export const cognitoTriggers = {
  PostConfirmation: 'auth/post-confirmation.handler',
  CustomMessage: 'auth/custom-message.handler',
} as const;

export type CognitoTrigger = keyof typeof cognitoTriggers;
