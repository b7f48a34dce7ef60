/**
 * The names of forwarding's secrets (pure: safe for stacks/ and the local cloud). Each exists per
 * stage in stacks/secrets.ts; locally packages/local/src/env.ts gives it a development default.
 * `UnsubscribeSecret` signs the one-time unsubscribe links of forwarded e-mails.
 */
export const forwardingSecretNames = ['UnsubscribeSecret'] as const;
export type ForwardingSecretName = (typeof forwardingSecretNames)[number];
