import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { authState } from '@/lib/auth-state';
import { stubApi } from '@/test/render-with-providers';
import { takeFlash } from './flash';
import { endSession, renewThrough, setEndingHere, startSessionKeeper, tokenExpiresAt } from './session-keeper';
import { cognitoMock } from '@/features/auth/test/cognito-mock';
import { cognitoError } from '@/features/auth/test/render-auth';

vi.mock('./cognito', async () => (await import('@/features/auth/test/cognito-mock')).cognitoMock);

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
const user = { id: 'u1', email: 'a@b.co', email_verified_at: null, balance: 0 };
let stop: () => void = () => undefined;

beforeEach(() => {
  Object.values(cognitoMock).forEach((mock) => mock.mockReset());
  cognitoMock.dropCognitoSession.mockResolvedValue(undefined);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  authState.clear();
  sessionStorage.clear();
});

describe('session keeper', () => {
  it('reads the expiry of a JWT', () => {
    expect(tokenExpiresAt(jwt(1_900_000_000))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
  });

  it('refreshes the stored token at start-up', async () => {
    authState.signIn('old', user);
    cognitoMock.currentIdToken.mockResolvedValue(jwt(Math.floor(Date.now() / 1000) + 3600));
    stop = startSessionKeeper(vi.fn());
    await vi.waitFor(() => expect(authState.get().token).not.toBe('old'));
    expect(cognitoMock.currentIdToken).toHaveBeenCalledWith(false);
  });

  it('refreshes before expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const now = Math.floor(Date.now() / 1000);
    authState.signIn(jwt(now + 600), user); // 10 min left: refresh 5 min before
    cognitoMock.currentIdToken.mockResolvedValueOnce(jwt(now + 600)).mockResolvedValueOnce(jwt(now + 3600));
    stop = startSessionKeeper(vi.fn());
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(cognitoMock.currentIdToken).toHaveBeenLastCalledWith(true);
    expect(tokenExpiresAt(authState.get().token)).toBe((now + 3600) * 1000);
  });

  it('on a 401 refreshes once and sends the request again with the new token', async () => {
    authState.signIn('expired', user);
    cognitoMock.currentIdToken.mockResolvedValueOnce('expired').mockResolvedValueOnce('fresh');
    stop = startSessionKeeper(vi.fn());
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1));
    const api = stubApi({
      'GET /user/balance': () =>
        authState.get().token === 'fresh'
          ? { message: 'success', balance: 1, account_hold: null }
          : new Response('{"message":"Unauthorized"}', { status: 401 }),
    });
    await expect(apiRequest('/user/balance')).resolves.toEqual({ message: 'success', balance: 1, account_hold: null });
    expect(api).toHaveBeenCalledTimes(2);
    expect(cognitoMock.currentIdToken).toHaveBeenLastCalledWith(true);
  });

  it('signs the visitor out and goes to /logIn when Cognito has no session any more', async () => {
    authState.signIn('expired', user);
    cognitoMock.currentIdToken.mockResolvedValueOnce('expired').mockRejectedValueOnce(cognitoError('NotAuthorizedException'));
    const navigate = vi.fn();
    stop = startSessionKeeper(navigate);
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1));
    stubApi({ 'GET /user/balance': () => new Response('{"message":"Unauthorized"}', { status: 401 }) });
    await expect(apiRequest('/user/balance')).rejects.toMatchObject({ status: 401 });
    expect(authState.get()).toEqual({ token: '', user: null });
    expect(navigate).toHaveBeenCalledWith('/logIn');
    expect(takeFlash()).toEqual({ type: 'warning', key: 'session.ended' });
  });

  it('an account blocked by an operator (403 ACCOUNT_BLOCKED on any call) signs out with its own notice, without a refresh', async () => {
    authState.signIn('token', user);
    cognitoMock.currentIdToken.mockResolvedValue('token');
    const navigate = vi.fn();
    stop = startSessionKeeper(navigate);
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1));
    stubApi({
      'GET /user/rentals': () => new Response('{"message":"This account has been blocked; contact support","code":"ACCOUNT_BLOCKED"}', { status: 403 }),
    });
    await expect(apiRequest('/user/rentals')).rejects.toMatchObject({ status: 403, body: { code: 'ACCOUNT_BLOCKED' } });
    expect(authState.get()).toEqual({ token: '', user: null });
    expect(navigate).toHaveBeenCalledWith('/logIn');
    expect(takeFlash()).toEqual({ type: 'warning', key: 'session.blocked' });
    expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1);
  });

  it('a 401 during a new sign-in (password change) waits for it, then is sent with the new token; nobody is signed out', async () => {
    authState.signIn('old', user);
    cognitoMock.currentIdToken.mockResolvedValueOnce('old').mockRejectedValue(cognitoError('NotAuthorizedException')); // the old session is dead
    const navigate = vi.fn();
    stop = startSessionKeeper(navigate);
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1));
    stubApi({
      'GET /user/balance': () =>
        authState.get().token === 'new'
          ? { message: 'success', balance: 2, account_hold: null }
          : new Response('{"message":"Your session has ended; sign in again","code":"SESSION_ENDED"}', { status: 401 }),
    });

    let signedInAgain: () => void = () => undefined;
    const change = renewThrough(() => new Promise<void>((resolve) => (signedInAgain = resolve)));
    const poll = apiRequest('/user/balance'); // answered 401 while the new session is on its way
    await new Promise((resolve) => setTimeout(resolve, 20));
    authState.setToken('new');
    signedInAgain();
    await change;
    await expect(poll).resolves.toEqual({ message: 'success', balance: 2, account_hold: null });
    expect(navigate).not.toHaveBeenCalled();
    expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1);
  });

  it('endSession (a session revoked on the server) signs the visitor out to /logIn with the session-ended notice', async () => {
    authState.signIn('token', user);
    cognitoMock.currentIdToken.mockResolvedValue('token');
    const navigate = vi.fn();
    stop = startSessionKeeper(navigate);
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalled());
    endSession();
    expect(authState.get()).toEqual({ token: '', user: null });
    expect(navigate).toHaveBeenCalledWith('/logIn');
    expect(takeFlash()).toEqual({ type: 'warning', key: 'session.ended' });
    await vi.waitFor(() => expect(cognitoMock.dropCognitoSession).toHaveBeenCalled());
  });

  it('while this tab ends the session itself (deleting the account), its 401s sign nobody out and show no notice', async () => {
    authState.signIn('token', user);
    cognitoMock.currentIdToken.mockResolvedValueOnce('token').mockRejectedValue(cognitoError('UserNotFoundException'));
    const navigate = vi.fn();
    stop = startSessionKeeper(navigate);
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalledTimes(1));
    stubApi({ 'GET /user': () => new Response('{"message":"Unauthorized"}', { status: 401 }) });
    setEndingHere(true);
    try {
      await expect(apiRequest('/user')).rejects.toMatchObject({ status: 401 }); // the push socket's check
      endSession();
      expect(navigate).not.toHaveBeenCalled();
      expect(authState.get().user).toEqual(user); // the deleting page signs out on its own terms
      expect(takeFlash()).toBeNull();
    } finally {
      setEndingHere(false);
    }
  });

  it('keeps the session when Cognito cannot be reached', async () => {
    authState.signIn('token', user);
    cognitoMock.currentIdToken.mockRejectedValue(cognitoError('NetworkError'));
    const navigate = vi.fn();
    stop = startSessionKeeper(navigate);
    await vi.waitFor(() => expect(cognitoMock.currentIdToken).toHaveBeenCalled());
    await Promise.resolve();
    expect(authState.get().token).toBe('token');
    expect(navigate).not.toHaveBeenCalled();
  });
});
