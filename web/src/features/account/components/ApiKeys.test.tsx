import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs, verifiedProfile } from '@/app/layout/signed-in/test-harness';
import { json, stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';

const slowMachineMs = 20_000;
const quiet = {
  'GET /user': () => ({ data: { ...verifiedProfile } }),
  'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
  'GET /user/notifications': () => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } }),
};
const key = (id: string, name: string, lastUsed: string | null = null) => ({ id, name, created_at: '2026-01-02T10:00:00.000Z', last_used_at: lastUsed });
const renderSettings = () => renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Account setting: API keys', { timeout: slowMachineMs }, () => {
  it('lists keys, creates one shown once with Copy and a warning, and revokes after a confirmation', async () => {
    let keys = [key('k1', 'Old bot', '2026-01-03T10:00:00.000Z')];
    const api = stubApi({
      ...quiet,
      'GET /user/api-keys': () => ({ message: 'success', data: keys, max: 5 }),
      'POST /user/api-keys': (body) => {
        const created = key('k2', (body as { name: string }).name);
        keys = [created, ...keys];
        return json({ message: 'success', data: created, key: 'nn_abcdefghijklmnopqrstuvwxyz012345' }, 201);
      },
      'DELETE /user/api-keys/k1': () => {
        keys = keys.filter((k) => k.id !== 'k1');
        return { status: 'success', message: 'API key revoked' };
      },
    });
    const user = userEvent.setup();
    renderSettings();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Old bot')).toBeInTheDocument();
    expect(screen.getByText('1 of 5 keys')).toBeInTheDocument();
    // One key, two protocols: each one's address.
    expect(screen.getByText(`${window.location.origin}/stubs/handler_api.php`)).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/v1`)).toBeInTheDocument();

    await user.type(screen.getByLabelText('New key name'), 'Scraper');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('nn_abcdefghijklmnopqrstuvwxyz012345');
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(api.requestsTo('POST /user/api-keys')[0]!.body).toEqual({ name: 'Scraper' });
    expect(await within(screen.getByRole('table')).findByText('Scraper')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByText('Never')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Old bot' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.requestsTo('DELETE /user/api-keys/k1')).toHaveLength(0); // asks first
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.requestsTo('DELETE /user/api-keys/k1')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Old bot')).not.toBeInTheDocument());
  });

  it('at 5 keys, creating is off and says why', async () => {
    stubApi({ ...quiet, 'GET /user/api-keys': () => ({ message: 'success', data: [1, 2, 3, 4, 5].map((n) => key(`k${n}`, `Key ${n}`)), max: 5 }) });
    renderSettings();
    expect(await screen.findByText('At most 5 keys: revoke one to create another.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    expect(screen.getByLabelText('New key name')).toBeDisabled();
  });
});
