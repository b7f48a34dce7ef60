import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';
import { noWebhook, quietSettingsPage, slowMachineMs } from './test-fixtures';

const quiet = { ...quietSettingsPage, ...noWebhook };
const links = { telegram_linked: false, whatsapp_number: null, messenger_linked: false, push_subscriptions: 0 };

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Account setting: Notifications -> Forward each SMS to', { timeout: slowMachineMs }, () => {
  it('saves e-mail at once; the channels not connected are shown disabled with "Connect first"', async () => {
    let view = { email: false, telegram: false, whatsapp: false, messenger: false, push: false, ...links };
    const api = stubApi({
      ...quiet,
      'GET /user/forwarding': () => ({ message: 'success', data: view }),
      'PUT /user/forwarding': (body) => {
        view = { ...view, ...(body as object) };
        return { message: 'success', data: view };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);
    await screen.findByText('Forward each SMS to');
    const email = await screen.findByRole('switch', { name: 'E-mail' });
    expect(email).not.toBeChecked();
    expect(email).toBeEnabled();
    for (const name of ['Telegram', 'WhatsApp', 'Messenger', 'Push notifications']) {
      const channel = screen.getByRole('switch', { name });
      expect(channel).toBeDisabled();
      expect(channel).toHaveAccessibleDescription('Connect first: not connected yet.');
    }

    await user.click(email);
    await waitFor(() =>
      expect(api.requestsTo('PUT /user/forwarding')[0]!.body).toEqual({ email: true, telegram: false, whatsapp: false, messenger: false, push: false }),
    );
    expect(await screen.findByRole('switch', { name: 'E-mail' })).toBeChecked();
  });

  it('a refusal puts the switch back and says why; a connected channel can be turned on', async () => {
    const view = { email: false, telegram: false, whatsapp: false, messenger: false, push: false, ...links, whatsapp_number: '+15550001111' };
    stubApi({
      ...quiet,
      'GET /user/forwarding': () => ({ message: 'success', data: view }),
      'PUT /user/forwarding': () => json({ message: 'Verify your e-mail first', code: 'EMAIL_NOT_VERIFIED' }, 403),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);
    const whatsapp = await screen.findByRole('switch', { name: 'WhatsApp' });
    expect(whatsapp).toBeEnabled();
    expect(whatsapp).toHaveAccessibleDescription('To +15550001111 on WhatsApp.');
    await user.click(screen.getByRole('switch', { name: 'E-mail' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'E-mail' })).not.toBeChecked());
  });
});
