import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsLedgerEntry, OpsRental, OpsUser } from '@numbernest/contracts/ops';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, signIn, stubApi } from '@/test/render-with-providers';
import UserPage from './UserPage';

const slowMachineMs = 20_000;

const user: OpsUser = {
  sub: 'sub-0001',
  email: 'alice@example.com',
  email_verified: true,
  created_at: '2026-11-01T10:00:00.000Z',
  deleted_at: null,
  balance: 10,
  account_hold: { since: '2026-11-20T10:00:00.000Z', reason: 'Card dispute' },
  blocked: null,
  operator_since: null,
  webhook_url: null,
  standing: {
    tier: 'limited',
    delivered: 1,
    unused: 6,
    window_days: 7,
    success_rate: 14,
    held: 2,
    hold_limit: 3,
    close_refunds: false,
    paused_until: null,
  },
};

const entry = (amount: number, balance: number): OpsLedgerEntry => ({
  id: `e${balance}`,
  kind: 'adjustment',
  amount,
  balance_after: balance,
  reference: 'adj1',
  created_at: '2026-11-24T10:00:00.000Z',
  description: { key: 'adjustment', params: { text: 'A gift from us' } },
  operator: 'op@example.com',
  note: 'Goodwill after ticket 12',
});

const rental: OpsRental = {
  id: 'rental00001',
  number: '+447700900123',
  country: { id: 1, name: 'United Kingdom', code: 'GB' },
  service: { id: 3, name: 'Google', url: '' },
  type: 1,
  status: 'inactive',
  started_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-21T10:00:00.000Z',
  price: 3,
  messages_count: 1,
  sent_count: 0,
  last_message: null,
  ended: 'closed',
  refundable_until: null,
  closable_from: '2026-11-20T10:00:00.000Z',
  refundable: false,
  can_extend: false,
  refund_window: true,
  sends_sms: false,
  refunded: 1,
  refundable_amount: 2,
};

const render = () => renderRoutes([{ path: '/ops/users/:sub', element: <UserPage /> }], '/ops/users/sub-0001');

/** The Idempotency-Key header of each POST the page sent. */
const keysSent = (mock: ReturnType<typeof stubApi>) =>
  mock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the customer view', { timeout: slowMachineMs }, () => {
  it('shows the header with balance and badges, the ledger, and adjusts the balance once across a retried submit', async () => {
    let posts = 0;
    const mock = stubApi({
      'GET /ops/users/sub-0001': () => ({ message: 'success', data: user }),
      'GET /ops/users/sub-0001/ledger': () => ({ data: [entry(10, 10)], next_cursor: null }),
      'POST /ops/users/sub-0001/adjustments': () =>
        ++posts === 1 ? json({ message: 'Internal error', code: 'INTERNAL_ERROR' }, 500) : { message: 'success', data: { balance: 7, entry: entry(-3, 7) } },
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'alice@example.com' })).toBeInTheDocument();
    expect(screen.getByTestId('ops-user-balance')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('ops-user-standing')).toHaveTextContent('Standing Limited: holds 2 of 3 numbers; 1 delivered, 6 refunded unused in 7 days.');
    expect(screen.getByRole('list', { name: 'Account status' })).toHaveTextContent(/E-mail verified.*On hold/);
    const ledger = await screen.findByTestId('ops-user-ledger');
    expect(ledger).toHaveTextContent('Balance adjustment: A gift from us');
    expect(ledger).toHaveTextContent('by op@example.com');
    expect(ledger).toHaveTextContent('Note: Goodwill after ticket 12');

    await userEvent.type(screen.getByLabelText('Amount, $'), '-3');
    await userEvent.type(screen.getByLabelText('Internal note'), 'Duplicate credit');
    expect(screen.getByRole('button', { name: 'Review' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Text for the customer'), '  Correction of a double top-up ');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the adjustment' });
    expect(within(dialog).getByText('New balance').nextElementSibling).toHaveTextContent('$7.00');
    expect(within(dialog).getByText('Text for the customer').nextElementSibling).toHaveTextContent('Correction of a double top-up');
    expect(within(dialog).getByText('Internal note').nextElementSibling).toHaveTextContent('Duplicate credit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Debit the balance' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [first, second] = keysSent(mock);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(mock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { amount: -3, reason: 'Duplicate credit', customer_text: 'Correction of a double top-up' },
      { amount: -3, reason: 'Duplicate credit', customer_text: 'Correction of a double top-up' },
    ]);
  });

  it('the text for the customer is required and one line; a refusal of it by the server shows on the field', async () => {
    const mock = stubApi({
      'GET /ops/users/sub-0001': () => ({ message: 'success', data: user }),
      'GET /ops/users/sub-0001/ledger': () => ({ data: [], next_cursor: null }),
      'POST /ops/users/sub-0001/adjustments': () =>
        json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: { customer_text: ['Must be at most 140 characters.'] },
            fields: { customer_text: [{ code: 'TOO_LONG', params: { count: 140 } }] },
          },
          400,
        ),
    });
    render();
    await userEvent.type(await screen.findByLabelText('Amount, $'), '2');
    await userEvent.type(screen.getByLabelText('Internal note'), 'Goodwill');
    const text = screen.getByLabelText('Text for the customer');
    expect(screen.getByRole('button', { name: 'Review' })).toBeDisabled();
    await userEvent.type(text, 'Hi');
    expect(text).toHaveAccessibleDescription(/at least 3 characters/i);
    expect(screen.getByRole('button', { name: 'Review' })).toBeDisabled();
    await userEvent.clear(text);
    await userEvent.click(text);
    await userEvent.paste('Tab\there');
    expect(text).toHaveAccessibleDescription(/must not contain control characters/i);
    expect(screen.getByRole('button', { name: 'Review' })).toBeDisabled();
    await userEvent.clear(text);
    await userEvent.type(text, 'A gift from us');
    expect(text).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit the balance' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(/up to 140 characters/i);
    expect(mock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('refunds part of an ended rental from the Rentals tab', async () => {
    const mock = stubApi({
      'GET /ops/users/sub-0001': () => ({ message: 'success', data: user }),
      'GET /ops/users/sub-0001/ledger': () => ({ data: [], next_cursor: null }),
      'GET /ops/users/sub-0001/rentals': () => ({ data: [rental], next_cursor: null }),
      'POST /ops/users/sub-0001/rentals/rental00001/refund': () => ({
        message: 'success',
        data: { balance: 11.5, entry: { ...entry(1.5, 11.5), kind: 'refund' }, rental: { ...rental, refunded: 2.5, refundable_amount: 0.5 } },
      }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Rentals' }));
    const table = await screen.findByTestId('ops-user-rentals');
    await userEvent.click(within(table).getByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund +447700900123' });
    await userEvent.type(within(dialog).getByLabelText('Amount, $ (optional)'), '2.01');
    expect(within(dialog).getByText(/Between \$0\.01 and \$2\.00/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Amount, $ (optional)'));
    await userEvent.type(within(dialog).getByLabelText('Amount, $ (optional)'), '1.5');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Late code');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $1.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = mock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ amount: 1.5, reason: 'Late code' });
    expect(keysSent(mock)[0]).toBeTruthy();
  });

  it('shows why each purchase got its number in the Purchase decisions tab', async () => {
    stubApi({
      'GET /ops/users/sub-0001': () => ({ message: 'success', data: user }),
      'GET /ops/users/sub-0001/ledger': () => ({ data: [], next_cursor: null }),
      'GET /ops/users/sub-0001/purchase-decisions': () => ({ data: [] }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Purchase decisions' }));
    expect(await screen.findByText('No Temporary purchases routed yet')).toBeInTheDocument();
  });
});
