/**
 * The Web Push (VAPID) key pair's secret names (pure: safe for stacks/ and the local cloud). Each
 * exists per stage in stacks/secrets.ts; locally packages/local/src/push.ts gives a generated pair.
 * `VapidPublicKey` is the uncompressed P-256 public key, `VapidPrivateKey` its private scalar, both
 * base64url (as `npx web-push generate-vapid-keys` prints them).
 */
export const pushSecretNames = ['VapidPublicKey', 'VapidPrivateKey'] as const;
export type PushSecretName = (typeof pushSecretNames)[number];
