import { runAction, type Params } from './actions';
import { errors, type Answer } from './answers';
import { authenticateApiKey } from './keys';
import { withinRateLimit } from './rate-limit';

export { type Answer } from './answers';
export { type Params } from './actions';
export { createApiKey, listApiKeys, revokeApiKey, authenticateApiKey, generateApiKey, hashApiKey, maxLiveKeys, TooManyKeysError, type ApiKeyView } from './keys';
export { requestsPerSecond } from './rate-limit';
export { serviceCodes, countryCodes } from './codes';

/**
 * One request of the SMS-Activate-compatible protocol (`/stubs/handler_api.php`): the key, the
 * rate limit, then the action. Always an answer (HTTP 200 at the edge), never a throw for the
 * caller's mistakes.
 */
export async function handleProtocolRequest(params: Params): Promise<Answer> {
  const key = params.api_key;
  if (!key) return errors.noKey;
  const found = await authenticateApiKey(key);
  if (!found) return errors.badKey;
  if (!(await withinRateLimit(found.apiKey.hash))) return errors.rateLimit;
  return runAction(found.user, params.action ?? '', params);
}
