import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import i18n from '@/lib/i18n';
import { json, stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';
import { noWebhook, quietSettingsPage, slowMachineMs } from './test-fixtures';

const quiet = { ...quietSettingsPage, ...noWebhook };
const forwarding = (linked: boolean, on = false) => ({
  message: 'success',
  data: {
    email: false,
    telegram: false,
    whatsapp: false,
    messenger: on,
    push: false,
    telegram_linked: false,
    whatsapp_number: null,
    messenger_linked: linked,
    push_subscriptions: 0,
  },
});
const renderSettings = () => renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  resetSignedIn();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('Account setting: Messenger', { timeout: slowMachineMs }, () => {
  it('Link opens the Page in a new tab with a one-time link in the page language, shows it, and turns linked once opened', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const link = { url: 'https://m.me/NumberNest?ref=r3f_abc', ref: 'r3f_abc', expires_at: new Date(Date.now() + 600_000).toISOString() };
    let linked = false;
    const api = stubApi({
      ...quiet,
      'GET /user/forwarding': () => forwarding(linked),
      'POST /user/messenger/link': () => ({ message: 'success', data: link }),
    });
    const user = userEvent.setup();
    renderSettings();
    const messenger = await screen.findByRole('switch', { name: 'Messenger' });
    expect(messenger).toBeDisabled();
    expect(screen.getByTestId('messenger-window-note')).toHaveTextContent('24 hours');

    await user.click(await screen.findByTestId('messenger-link'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(link.url));
    expect(tab.opener).toBeNull();
    expect(api.requestsTo('POST /user/messenger/link').map((request) => request.body)).toEqual([{ language: 'en' }]);
    const out = await screen.findByTestId('messenger-link-out');
    expect(out).toHaveTextContent(link.url);
    expect(within(out).getByRole('link', { name: 'Open Messenger' })).toHaveAttribute('href', link.url);

    // The person opens it in Messenger: the panel notices by asking again.
    linked = true;
    expect(await screen.findByTestId('messenger-linked', {}, { timeout: 5000 })).toHaveTextContent('Linked');
    expect(screen.queryByTestId('messenger-link-out')).not.toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Messenger' })).toBeEnabled();
  });

  it('a failed link closes the blank tab and says so', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    stubApi({
      ...quiet,
      'GET /user/forwarding': () => forwarding(false),
      'POST /user/messenger/link': () => json({ message: 'Internal server error', code: 'INTERNAL_ERROR' }, 500),
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByTestId('messenger-link'));
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('unlinks a linked conversation only after confirming', async () => {
    let linked = true;
    const api = stubApi({
      ...quiet,
      'GET /user/forwarding': () => forwarding(linked, linked),
      'DELETE /user/messenger/link': () => {
        linked = false;
        return { message: 'success', data: { messenger_linked: false } };
      },
    });
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByTestId('messenger-linked')).toHaveTextContent('Linked: your SMS also arrive in Messenger.');
    expect(screen.getByRole('switch', { name: 'Messenger' })).toBeChecked();

    await user.click(screen.getByTestId('messenger-unlink'));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Messenger?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('DELETE /user/messenger/link')).toHaveLength(0);

    await user.click(screen.getByTestId('messenger-unlink'));
    await user.click(await screen.findByTestId('messenger-unlink-confirm'));
    await waitFor(() => expect(api.requestsTo('DELETE /user/messenger/link')).toHaveLength(1));
    expect(await screen.findByText('Messenger unlinked.')).toBeInTheDocument();
    expect(await screen.findByTestId('messenger-link')).toBeInTheDocument();
  });

  it('asks for the link in the page language, and says everything in Russian and Malay', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const link = { url: 'https://m.me/NumberNest?ref=ru_ref', ref: 'ru_ref', expires_at: new Date(Date.now() + 600_000).toISOString() };
    const api = stubApi({ ...quiet, 'GET /user/forwarding': () => forwarding(false), 'POST /user/messenger/link': () => ({ message: 'success', data: link }) });
    await i18n.changeLanguage('ru');
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByText('Чат Messenger не привязан.')).toBeInTheDocument();
    expect(screen.getByTestId('messenger-window-note')).toHaveTextContent('24 часа');
    await user.click(screen.getByRole('button', { name: 'Привязать Messenger' }));
    await waitFor(() => expect(api.requestsTo('POST /user/messenger/link').map((request) => request.body)).toEqual([{ language: 'ru' }]));
    expect(await screen.findByRole('link', { name: 'Открыть Messenger' })).toHaveAttribute('href', link.url);

    await i18n.changeLanguage('ms');
    expect(await screen.findByRole('link', { name: 'Buka Messenger' })).toBeInTheDocument();
    expect(screen.getByTestId('messenger-window-note')).toHaveTextContent('24 jam');
  });
});
