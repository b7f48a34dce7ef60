import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';
import { typedDollars } from './PriceLimits';
import { noWebhook, quietSettingsPage, slowMachineMs } from './test-fixtures';

const services = { 'GET /services': () => ({ data: [svc(3, 'WhatsApp', 'wa'), svc(1, 'Telegram', 'tg'), svc(2, 'Google', 'go')] }) };
function svc(id: number, name: string, code: string) {
  return { id, name, code };
}
const limit = (serviceId: number, price: number, at = '2026-03-04T10:00:00.000Z') => ({ service_id: serviceId, price, created_at: at, updated_at: at });
const quiet = { ...quietSettingsPage, ...noWebhook, ...services };
const renderSettings = () => renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);
const panel = async () => screen.findByTestId('price-limits');

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

/** A stateful server of one customer's limits: PUT saves (dollars), DELETE removes (404 when none). */
function limitsServer(initial: ReturnType<typeof limit>[]) {
  let limits = [...initial];
  const routes: Record<string, (body: unknown) => unknown> = {
    'GET /user/max-prices': () => ({ message: 'success', data: [...limits].sort((a, b) => a.service_id - b.service_id) }),
  };
  for (const id of [1, 2, 3, 999]) {
    routes[`PUT /user/max-prices/${id}`] = (body) => {
      const price = (body as { price: number }).price;
      const before = limits.find((l) => l.service_id === id);
      const saved = { ...limit(id, price, before?.created_at ?? '2026-03-05T09:00:00.000Z'), updated_at: '2026-03-05T09:00:00.000Z' };
      limits = [...limits.filter((l) => l.service_id !== id), saved];
      return { message: 'success', data: saved };
    };
    routes[`DELETE /user/max-prices/${id}`] = () => {
      if (!limits.some((l) => l.service_id === id)) return json({ message: 'No price limit for this service', code: 'MAX_PRICE_NOT_FOUND' }, 404);
      limits = limits.filter((l) => l.service_id !== id);
      return { status: 'success', message: 'Price limit removed' };
    };
  }
  return routes;
}

describe('Account setting: API price limits', { timeout: slowMachineMs }, () => {
  it('explains what a limit does while there is none, and adds one for a service of the catalogue', async () => {
    const api = stubApi({ ...quiet, ...limitsServer([]) });
    const user = userEvent.setup();
    renderSettings();
    const section = await panel();
    expect(await within(section).findByText(/a purchase of it through the API above this price is refused/)).toBeInTheDocument();

    const service = within(section).getByLabelText('Service');
    await waitFor(() => expect(service).toBeEnabled());
    // The catalogue's services by name.
    expect(
      within(service)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a service', 'Google', 'Telegram', 'WhatsApp']);
    await user.selectOptions(service, 'Telegram');
    await user.type(within(section).getByLabelText('Limit in US dollars'), '0,35');
    await user.click(within(section).getByRole('button', { name: 'Save limit' }));

    await waitFor(() => expect(api.requestsTo('PUT /user/max-prices/1')).toHaveLength(1));
    expect(api.requestsTo('PUT /user/max-prices/1')[0]!.body).toEqual({ price: 0.35 });
    expect(await screen.findByText('Telegram: limit of $0.35 saved.')).toBeInTheDocument();
    const row = await within(section).findByTestId('price-limit');
    expect(row).toHaveTextContent('Telegram');
    expect(row).toHaveTextContent('$0.35');
    // The form is ready for the next one.
    expect(within(section).getByLabelText('Limit in US dollars')).toHaveValue('');
  });

  it('lists the limits by service name with their amounts and last change; a removed service is named by its id', async () => {
    stubApi({ ...quiet, ...limitsServer([limit(1, 0.5), limit(3, 1200), limit(999, 2)]) });
    renderSettings();
    const section = await panel();
    await waitFor(() => expect(within(section).getAllByTestId('price-limit')).toHaveLength(3));
    const rows = within(section).getAllByTestId('price-limit');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Service #999 (no longer offered)', 'Telegram', 'WhatsApp']);
    expect(rows[1]).toHaveTextContent('$0.50');
    expect(rows[2]).toHaveTextContent('$1,200.00');
    expect(rows[1]).toHaveTextContent(/2026/);
  });

  it('Change puts the limit in the form; saving replaces it', async () => {
    const api = stubApi({ ...quiet, ...limitsServer([limit(2, 0.4)]) });
    const user = userEvent.setup();
    renderSettings();
    const section = await panel();
    await user.click(await within(section).findByRole('button', { name: 'Change the limit for Google' }));
    expect(within(section).getByLabelText('Service')).toHaveValue('2');
    const amount = within(section).getByLabelText('Limit in US dollars');
    expect(amount).toHaveValue('0.40');
    expect(within(section).getByText('Saved now: $0.40. Saving replaces it.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1.25');
    await user.click(within(section).getByRole('button', { name: 'Change limit' }));
    await waitFor(() => expect(api.requestsTo('PUT /user/max-prices/2')[0]?.body).toEqual({ price: 1.25 }));
    await waitFor(() => expect(within(section).getByTestId('price-limit')).toHaveTextContent('$1.25'));
  });

  it('judges the form as the server does, and places the server’s own field errors', async () => {
    const api = stubApi({
      ...quiet,
      ...limitsServer([]),
      'PUT /user/max-prices/3': () =>
        json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: { service_id: ['No service has this id.'] },
            fields: { service_id: [{ code: 'UNKNOWN_SERVICE' }] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderSettings();
    const section = await panel();
    await waitFor(() => expect(within(section).getByLabelText('Service')).toBeEnabled());
    const save = within(section).getByRole('button', { name: 'Save limit' });
    await user.click(save);
    expect(within(section).getAllByText('Required.')).toHaveLength(2);

    const amount = within(section).getByLabelText('Limit in US dollars');
    await user.selectOptions(within(section).getByLabelText('Service'), 'Google');
    await user.type(amount, '1.234');
    expect(await within(section).findByText('Must have at most 2 decimals.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10000.01');
    expect(await within(section).findByText('Must be less than or equal to 10000.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, 'ten');
    expect(await within(section).findByText('Must be a number.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.key.startsWith('PUT'))).toHaveLength(0);

    await user.selectOptions(within(section).getByLabelText('Service'), 'WhatsApp');
    await user.clear(amount);
    await user.type(amount, '2');
    await user.click(save);
    expect(await within(section).findByText('No service has this id.')).toBeInTheDocument();
  });

  it('removes a limit only after confirming', async () => {
    const api = stubApi({ ...quiet, ...limitsServer([limit(1, 0.3)]) });
    const user = userEvent.setup();
    renderSettings();
    const section = await panel();
    await user.click(await within(section).findByRole('button', { name: 'Remove the limit for Telegram' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the limit for Telegram?' });
    expect(dialog).toHaveTextContent('no longer be held to $0.30');
    expect(api.requestsTo('DELETE /user/max-prices/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.requestsTo('DELETE /user/max-prices/1')).toHaveLength(1));
    expect(await screen.findByText('The limit for Telegram is removed.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByTestId('price-limit')).not.toBeInTheDocument());
    expect(within(section).getByText(/above this price is refused/)).toBeInTheDocument();
  });

  it('says so when the limits cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      ...quiet,
      'GET /user/max-prices': () => (fail ? json({ message: 'Internal error', code: 'INTERNAL_ERROR' }, 500) : { message: 'success', data: [limit(2, 0.4)] }),
    });
    const user = userEvent.setup();
    renderSettings();
    const section = await panel();
    expect(await within(section).findByText('Your price limits could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: /try again|retry/i }));
    expect(await within(section).findByTestId('price-limit')).toHaveTextContent('Google');
  });
});

describe('typedDollars', () => {
  it('reads an amount as typed: a decimal comma or point, a leading $; blank is undefined, anything else not a number', () => {
    expect(typedDollars('0,35')).toBe(0.35);
    expect(typedDollars(' $12.5 ')).toBe(12.5);
    expect(typedDollars('.5')).toBe(0.5);
    expect(typedDollars('')).toBeUndefined();
    expect(typedDollars('1e3')).toBeNaN();
    expect(typedDollars('-1')).toBeNaN();
    expect(typedDollars('1,000.00')).toBeNaN();
  });
});
