import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';
import { noWebhook, quietSettingsPage, slowMachineMs } from './test-fixtures';

const quiet = { ...quietSettingsPage, ...noWebhook };
const forwarding = (linked: boolean) => ({
  message: 'success',
  data: {
    email: false,
    telegram: linked,
    whatsapp: false,
    messenger: false,
    push: false,
    telegram_linked: linked,
    whatsapp_number: null,
    messenger_linked: false,
    push_subscriptions: 0,
  },
});
const renderSettings = () => renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  resetSignedIn();
  vi.restoreAllMocks();
});

describe('Account setting: Telegram', { timeout: slowMachineMs }, () => {
  it('Connect opens the bot in a new tab with a one-time code and shows the code', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const link = { url: 'https://t.me/NumberNestBot?start=abc123', code: 'abc123', expires_at: new Date(Date.now() + 600_000).toISOString() };
    const api = stubApi({ ...quiet, 'GET /user/forwarding': () => forwarding(false), 'POST /user/telegram/link': () => ({ message: 'success', data: link }) });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByTestId('telegram-connect'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(link.url));
    expect(tab.opener).toBeNull();
    expect(api.requestsTo('POST /user/telegram/link')).toHaveLength(1);
    expect(await screen.findByTestId('telegram-code')).toHaveTextContent('/start abc123');
    expect(screen.getByRole('link', { name: 'Open Telegram' })).toHaveAttribute('href', link.url);
  });

  it('shows a linked chat and disconnects it', async () => {
    let linked = true;
    const api = stubApi({
      ...quiet,
      'GET /user/forwarding': () => forwarding(linked),
      'DELETE /user/telegram/link': () => {
        linked = false;
        return { message: 'success', data: { telegram_linked: false } };
      },
    });
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByTestId('telegram-linked')).toHaveTextContent('Connected');
    await user.click(screen.getByTestId('telegram-disconnect'));
    await waitFor(() => expect(api.requestsTo('DELETE /user/telegram/link')).toHaveLength(1));
    expect(await screen.findByTestId('telegram-connect')).toBeInTheDocument();
    expect(await screen.findByText('Telegram disconnected.')).toBeInTheDocument();
  });
});
