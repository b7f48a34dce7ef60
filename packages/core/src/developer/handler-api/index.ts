import { runAction } from './actions';
import { readActivation } from './activation';
import type { Params } from './protocol';
import { AccountOnHoldError } from '../../money';
import { errors, type Answer } from './answers';
import { findKeyOwner, findLiveApiKey } from './keys';
import { chargeFailedKey, failedKeysSpent, withinRateLimit } from './rate-limit';

export { type Answer } from './answers';
export { type Params } from './protocol';
export {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  revokeAllApiKeys,
  authenticateApiKey,
  findLiveApiKey,
  generateApiKey,
  hashApiKey,
  maxLiveKeys,
  TooManyKeysError,
  type ApiKeyView,
} from './keys';
export { bucketKey, burst, failedKeyBucket, perKeyBucket, requestsPerSecond, takeToken, type TokenBucket } from './rate-limit';
export { serviceCodes, countryCodes } from '../../catalogue';

/** Actions about one activation (`id`): its reads start with the key's, not after it. */
const activationActions = new Set(['getStatus', 'getStatusV2', 'setStatus']);

/**
 * One request of the SMS-Activate-compatible protocol (`/stubs/handler_api.php`) from the client
 * at `address` (API Gateway's sourceIp): the address's failed-key allowance, the key, the rate
 * limit, then the action. Always an answer (HTTP 200 at the edge), never a throw for the caller's
 * mistakes.
 *
 * Clients poll getStatus about once a second per activation, so its five reads take two round
 * trips instead of five: the key ∥ the activation and its rental, then the owner ∥ the rate window.
 * The activation is only read ahead; it is answered only to its owner.
 */
export async function handleProtocolRequest(params: Params, address: string, now = Date.now()): Promise<Answer> {
  if (failedKeysSpent(address, now)) return errors.rateLimit;
  const key = params.api_key;
  if (!key) return errors.noKey;
  const activationRead = activationActions.has(params.action ?? '') ? readActivation(params.id) : undefined;
  activationRead?.catch(() => undefined); // answered below, or dropped with a bad key: never unhandled
  const apiKey = await findLiveApiKey(key);
  if (!apiKey) return wrongKey(address, now);
  const [user, allowed] = await Promise.all([findKeyOwner(apiKey), withinRateLimit(apiKey.hash)]);
  if (!user) return wrongKey(address, now);
  // Blocked by an operator: refused whatever the action, the key stays (unblocking restores it).
  if (user.blocked) return errors.accountBlocked;
  if (!allowed) return errors.rateLimit;
  return runAction(user, params.action ?? '', params, activationRead, apiKey.id).catch((error: unknown) => {
    // A held account (a card payment taken back) may not buy: the protocol's word for "cannot pay".
    if (error instanceof AccountOnHoldError) return errors.noBalance;
    throw error;
  });
}

/** BAD_KEY while the address has failed keys left, ERROR_RATE_LIMIT past them. */
async function wrongKey(address: string, now: number): Promise<Answer> {
  return (await chargeFailedKey(address, now)) ? errors.badKey : errors.rateLimit;
}
