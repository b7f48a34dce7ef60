import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '@/lib/auth-state';
import { stubApi } from '@/test/render-with-providers';
import { changePassword } from './change-password';

const amplify = vi.hoisted(() => ({ updatePassword: vi.fn(async () => undefined) }));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('@/lib/amplify', () => ({ configureAmplify: vi.fn(async () => undefined) }));
vi.mock('@/lib/session/cognito', () => ({ signInWithPassword: vi.fn(async () => 'signedIn') }));
vi.mock('@/lib/session/session', () => ({ establishSession: vi.fn(async () => undefined) }));

beforeEach(() => authState.signIn('token', { id: 'u1', email: 'ada@example.com', email_verified_at: null, balance: 0 }));
afterEach(() => {
  authState.clear();
  vi.unstubAllGlobals();
});

describe('changePassword', () => {
  it('ends every session with POST /logout, asking it to revoke the API keys and webhook only when told', async () => {
    const api = stubApi({ 'POST /logout': () => ({ status: 'success', message: 'Logout Successfully' }) });
    await changePassword('Old-passw0rd', 'New-passw0rd1', { revokeApiAccess: true });
    await changePassword('Old-passw0rd', 'New-passw0rd1');
    expect(amplify.updatePassword).toHaveBeenCalledWith({ oldPassword: 'Old-passw0rd', newPassword: 'New-passw0rd1' });
    expect(api.requestsTo('POST /logout').map((request) => request.body)).toEqual([{ revoke_api_access: true }, undefined]);
  });
});
