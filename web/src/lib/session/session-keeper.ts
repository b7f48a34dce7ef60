import { onRefusal, onUnauthorized } from '@/lib/api-client';
import { authState, isLoggedIn } from '@/lib/auth-state';
import { errorName } from './error-name';
import { leaveFlash, type Flash } from './flash';

/**
 * Keeps the stored ID token (localStorage `token`) in step with Cognito: once at start-up when
 * signed in, shortly before it expires, when the tab comes back, and on a 401 from the API. When
 * Cognito has no session any more, the visitor is signed out and sent to /logIn.
 * Amplify is only loaded (import()) once there is a session to refresh.
 */

const refreshAheadMs = 5 * 60_000;
const retryMs = 30_000;

export type RefreshOutcome = 'renewed' | 'ended' | 'unreachable';

let inFlight: Promise<RefreshOutcome> | null = null;

/** One refresh at a time, however many requests got a 401 together. */
export function refreshSession(force: boolean): Promise<RefreshOutcome> {
  inFlight ??= (async (): Promise<RefreshOutcome> => {
    try {
      const { currentIdToken } = await import('./cognito');
      const token = await currentIdToken(force);
      if (!token) return 'ended';
      if (isLoggedIn()) authState.setToken(token);
      return 'renewed';
    } catch (error) {
      // Offline is not signed out: keep the session and try again later.
      return ['NetworkError', 'TypeError'].includes(errorName(error)) ? 'unreachable' : 'ended';
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * Runs `work`, which ends this session and starts a new one (a password change), as the refresh in
 * flight: requests answered 401 meanwhile wait for it and are sent again with the new token,
 * instead of finding the old session ended and signing the visitor out.
 */
export async function renewThrough(work: () => Promise<void>): Promise<void> {
  const done = work();
  const renewal: Promise<RefreshOutcome> = done
    .then(
      () => 'renewed' as const,
      () => 'ended' as const,
    )
    .finally(() => {
      if (inFlight === renewal) inFlight = null;
    });
  inFlight = renewal;
  await done;
}

/** The claims of a JWT (unverified: only to decide what to ask the server), or {} when it cannot be read. */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The `exp` of a JWT in ms, or null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const { exp } = claimsOf(token);
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The Cognito groups a JWT names (`cognito:groups`): a token issued before a group change lacks it until refreshed. */
export function tokenGroups(token: string): string[] {
  const groups = claimsOf(token)['cognito:groups'];
  return Array.isArray(groups) ? groups.map(String) : [];
}

/** The running keeper's sign-out of an ended session. */
let endRunning: (() => void) | null = null;

let endingHere = false;

/**
 * This tab ends the session itself (deleting the account) and signs out on its own terms: until it
 * has, the 401s that follow (the push socket's check, a poll) are expected, so they neither show
 * "session ended" nor send the visitor to /logIn. Off again when that failed or the sign-out is done.
 */
export function setEndingHere(on: boolean): void {
  endingHere = on;
}

export const isEndingHere = (): boolean => endingHere;

/**
 * The session has ended on the server (revoked: the API refuses even a refreshed token): the
 * visitor is signed out and sent to /logIn with the "session ended" notice, as when it expires.
 */
export function endSession(): void {
  if (endingHere) return;
  if (endRunning) endRunning();
  else authState.clear();
}

export function startSessionKeeper(navigate: (to: string) => unknown): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const end = (key: Flash['key'] = 'session.ended') => {
    if (!isLoggedIn() || endingHere) return;
    leaveFlash({ type: 'warning', key }); // before the guards react to the clear
    authState.clear();
    void import('./cognito').then((cognito) => cognito.dropCognitoSession()).catch(() => undefined);
    navigate('/logIn');
  };
  endRunning = end;

  const renew = async (force: boolean) => {
    const outcome = await refreshSession(force);
    if (outcome === 'ended') end();
    if (outcome === 'unreachable') schedule(retryMs);
    return outcome;
  };

  function schedule(delay?: number) {
    clearTimeout(timer);
    const { token } = authState.get();
    if (!isLoggedIn()) return;
    const expiresAt = tokenExpiresAt(token);
    if (expiresAt === null && delay === undefined) return;
    const wait = delay ?? Math.max(retryMs, expiresAt! - refreshAheadMs - Date.now());
    timer = setTimeout(() => void renew(true), wait);
  }

  const whenVisible = () => {
    const expiresAt = tokenExpiresAt(authState.get().token);
    if (document.visibilityState === 'visible' && isLoggedIn() && expiresAt !== null && expiresAt - refreshAheadMs < Date.now()) void renew(true);
  };

  onUnauthorized(async () => (await renew(true)) === 'renewed');
  // An operator blocked the account: signed out like an ended session, with its own notice.
  onRefusal((error) => {
    if (error.status === 403 && error.body.code === 'ACCOUNT_BLOCKED') end('session.blocked');
  });
  const unsubscribe = authState.subscribe(() => schedule());
  document.addEventListener('visibilitychange', whenVisible);
  if (isLoggedIn()) void renew(false).then((outcome) => outcome === 'renewed' && schedule());

  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', whenVisible);
    onUnauthorized(null);
    onRefusal(null);
    if (endRunning === end) endRunning = null;
  };
}
