import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';
import { quietSettingsPage, slowMachineMs } from './test-fixtures';

const quiet = quietSettingsPage;
const delivery = {
  id: 'd1',
  kind: 'sms',
  status: 'delivered',
  status_code: 200,
  attempts: 3,
  last_error: null,
  created_at: '2026-01-02T10:00:00.000Z',
  delivered_at: '2026-01-02T10:05:00.000Z',
  next_attempt_at: null,
};

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Account setting: API -> Webhook', { timeout: slowMachineMs }, () => {
  it('saves the URL, shows the secret, sends a test, lists deliveries with Redeliver', async () => {
    let view: { url: string | null; secret: string | null; deliveries: unknown[] } = { url: null, secret: null, deliveries: [] };
    const api = stubApi({
      ...quiet,
      'GET /user/webhook': () => ({ message: 'success', data: view }),
      'PUT /user/webhook': (body) => {
        view = { ...view, url: (body as { url: string }).url, secret: 'whsec_abc' };
        return { message: 'success', data: view };
      },
      'POST /user/webhook/test': () => {
        view = { ...view, deliveries: [delivery] };
        return json({ message: 'success', data: delivery }, 202);
      },
      'POST /user/webhook/deliveries/d1/redeliver': () => json({ message: 'success', data: { ...delivery, id: 'd2' } }, 202),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);
    const field = await screen.findByTestId('webhook-url');
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
    await user.type(field, 'https://example.com/hook');
    await user.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(api.requestsTo('PUT /user/webhook')[0]!.body).toEqual({ url: 'https://example.com/hook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abc');

    await user.click(screen.getByTestId('webhook-test'));
    const row = await screen.findByTestId('webhook-delivery');
    expect(within(row).getByText(/200/)).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(api.requestsTo('POST /user/webhook/deliveries/d1/redeliver')).toHaveLength(1));
  });

  it('says so when the per-user limit answers 429, and a generic failure otherwise', async () => {
    let status = 429;
    stubApi({
      ...quiet,
      'GET /user/webhook': () => ({ message: 'success', data: { url: 'https://example.com/hook', secret: 'whsec_abc', deliveries: [] } }),
      'POST /user/webhook/test': () =>
        json({ message: 'Too many test deliveries; try again in a minute', code: 'WEBHOOK_TEST_LIMIT', params: { limit: 10 } }, status),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);
    await user.click(await screen.findByTestId('webhook-test'));
    expect(await screen.findByText('Too many deliveries requested. Please wait a minute and try again.')).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByTestId('webhook-test'));
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
  });
});
