import { defaultUserSettings, type UserSettings } from '@numbernest/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs, verifiedProfile } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import { json, stubApi } from '@/test/render-with-providers';
import { changePassword } from '@/features/account/api/change-password';
import AccountSettingsPage from './AccountSettingsPage';

vi.mock('@/features/account/api/change-password', () => ({ changePassword: vi.fn(async () => undefined) }));

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const profile = (settings: UserSettings = defaultUserSettings) => ({ data: { ...verifiedProfile, settings } });
const quiet = {
  'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
  'GET /user/notifications': () => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } }),
};

/** A reply that waits until the test lets it go, to look at the screen while the request is out. */
function deferred<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((done) => (release = done));
  return { promise, release };
}

const renderSettings = () => renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Account setting: notification settings', { timeout: slowMachineMs }, () => {
  it('a change shows at once, is saved whole with PUT /user/settings, and stays when the server agrees', async () => {
    const reply = deferred<Response>();
    const api = stubApi({ ...quiet, 'GET /user': () => profile(), 'PUT /user/settings': () => reply.promise });
    const user = userEvent.setup();
    renderSettings();
    const reminders = await screen.findByRole('switch', { name: 'Reminders' });
    expect(reminders).toBeChecked();

    await user.click(reminders);
    expect(reminders).not.toBeChecked(); // before the server answers
    await waitFor(() => expect(api.requestsTo('PUT /user/settings')).toHaveLength(1));
    expect(api.requestsTo('PUT /user/settings')[0]!.body).toEqual({ ...defaultUserSettings, reminders: false });

    reply.release(json({ status: 'success', message: 'Settings saved', data: { ...defaultUserSettings, reminders: false } }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Reminders' })).not.toBeChecked();
  });

  it('two quick changes are saved in order, one at a time, and "Saved" waits for the last', async () => {
    const replies = [deferred<Response>(), deferred<Response>()];
    const api = stubApi({
      ...quiet,
      'GET /user': () => profile(),
      'PUT /user/settings': () => replies[api.requestsTo('PUT /user/settings').length - 1]!.promise,
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('switch', { name: 'Reminders' }));
    await user.click(screen.getByRole('checkbox', { name: 'Balance changes' }));
    const both = { ...defaultUserSettings, reminders: false, configure: { ...defaultUserSettings.configure, balance: false } };

    await waitFor(() => expect(api.requestsTo('PUT /user/settings')).toHaveLength(1));
    expect(api.requestsTo('PUT /user/settings')[0]!.body).toEqual({ ...defaultUserSettings, reminders: false });
    replies[0]!.release(json({ status: 'success', message: 'Settings saved', data: { ...defaultUserSettings, reminders: false } }));
    await waitFor(() => expect(api.requestsTo('PUT /user/settings')).toHaveLength(2)); // only once the first is answered
    expect(api.requestsTo('PUT /user/settings')[1]!.body).toEqual(both);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();

    replies[1]!.release(json({ status: 'success', message: 'Settings saved', data: both }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Reminders' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Balance changes' })).not.toBeChecked();
  });

  it('goes back to the previous setting and says so when the server refuses', async () => {
    const reply = deferred<Response>();
    stubApi({ ...quiet, 'GET /user': () => profile(), 'PUT /user/settings': () => reply.promise });
    const user = userEvent.setup();
    renderSettings();
    const newMessage = await screen.findByRole('checkbox', { name: 'New message' });

    await user.click(newMessage);
    expect(newMessage).not.toBeChecked();
    reply.release(json({ message: 'Service Unavailable' }, 503));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'New message' })).toBeChecked());
    expect(await screen.findByText('Your change could not be saved, so the previous setting is back.')).toBeInTheDocument();
    expect(screen.getByText('Not saved')).toBeInTheDocument();
  });

  it('saves the ringtone and offers a preview except for None', async () => {
    const api = stubApi({
      ...quiet,
      'GET /user': () => profile(),
      'PUT /user/settings': (body) => ({ status: 'success', message: 'Settings saved', data: body }),
    });
    const user = userEvent.setup();
    renderSettings();
    const select = await screen.findByRole('combobox', { name: 'Ringtone' });
    expect(screen.getByRole('button', { name: 'Play Default' })).toBeEnabled();
    await user.selectOptions(select, 'none');
    await waitFor(() => expect(api.requestsTo('PUT /user/settings').at(-1)!.body).toEqual({ ...defaultUserSettings, ringtone: 'none' }));
    expect(screen.getByRole('button', { name: 'Play None' })).toBeDisabled();
  });
});

describe('Account setting: password', { timeout: slowMachineMs }, () => {
  it('checks the fields before asking Cognito', async () => {
    const api = stubApi({ ...quiet, 'GET /user': () => profile() });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('Required.')).toHaveLength(3);
    await user.type(screen.getByLabelText('Current password'), 'Old-passw0rd');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Must have at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Not matched.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'longenough1'); // no capital letter
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Invalid format.')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.pathname.includes('cognito'))).toHaveLength(0);
  });
});

describe('Account setting: password change, revoking API access too', { timeout: slowMachineMs }, () => {
  async function change(revoke: boolean) {
    const api = stubApi({
      ...quiet,
      'GET /user': () => profile(),
      'GET /user/api-keys': () => ({ message: 'success', data: [], max: 5 }),
      'GET /user/webhook': () => ({ message: 'success', data: { url: null, secret: null, deliveries: [] } }),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.type(await screen.findByLabelText('Current password'), 'Old-passw0rd');
    await user.type(screen.getByLabelText('New password'), 'New-passw0rd1');
    await user.type(screen.getByLabelText('Repeat new password'), 'New-passw0rd1');
    const revokeBox = screen.getByRole('checkbox', { name: 'Also revoke my API keys and webhook' });
    expect(revokeBox).not.toBeChecked();
    expect(revokeBox).toHaveAccessibleDescription(/Every API key stops working and the webhook URL is removed/);
    if (revoke) await user.click(revokeBox);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    return { api, revokeBox };
  }

  beforeEach(() => vi.mocked(changePassword).mockClear());

  it('offers to revoke the API keys and the webhook with the change, and says it did', async () => {
    const { api, revokeBox } = await change(true);
    expect(await screen.findByText('Your password has been changed; your API keys are revoked and the webhook removed.')).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith('Old-passw0rd', 'New-passw0rd1', { revokeApiAccess: true });
    expect(revokeBox).not.toBeChecked();
    await waitFor(() => expect(api.requestsTo('GET /user/api-keys').length).toBeGreaterThanOrEqual(2)); // the API panel shows what is left
  });

  it('leaves them alone unless asked', async () => {
    await change(false);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith('Old-passw0rd', 'New-passw0rd1', { revokeApiAccess: false });
  });
});

describe('Account setting: delete account', { timeout: slowMachineMs }, () => {
  it('asks the person to type DELETE, then deletes, signs out here, says so and goes home', async () => {
    const api = stubApi({ ...quiet, 'GET /user': () => profile(), 'DELETE /user': () => ({ status: 'success', message: 'Your account has been deleted' }) });
    const user = userEvent.setup();
    const { router } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const input = within(dialog).getByLabelText('Type DELETE to confirm');
    expect(confirm).toBeDisabled();

    await user.type(input, 'delete');
    expect(confirm).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.requestsTo('DELETE /user')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requestsTo('DELETE /user')).toHaveLength(1);
    await waitFor(() => expect(authState.get()).toEqual({ token: '', user: null }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it('stays signed in and says so when the server cannot delete the account', async () => {
    stubApi({ ...quiet, 'GET /user': () => profile(), 'DELETE /user': () => json({ message: 'Internal Server Error' }, 500) });
    const user = userEvent.setup();
    const { router } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account could not be deleted. Please try again.');
    expect(router.state.location.pathname).toBe('/dashboard/account-settings');
    expect(authState.get().user).not.toBeNull();
  });
});
