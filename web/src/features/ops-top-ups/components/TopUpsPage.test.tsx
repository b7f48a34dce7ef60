import type { OpsTopUp } from '@numbernest/contracts/ops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import TopUpsPage from './TopUpsPage';

const topUp = (change: Partial<OpsTopUp> = {}): OpsTopUp => ({
  id: '0mwv8el2p396efe6575e450cf',
  user: { sub: 'u1', email: 'ada@example.com' },
  provider: 'crypto',
  status: 'review',
  asked: 10,
  currency: 'usd',
  paid: 9.5,
  paid_currency: 'usd',
  paid_merchant: 'merchant',
  review_reason: 'amount 9.50 instead of 10.00',
  provider_ref: '6592015667',
  notification: { order_id: '0mwv8el2p396efe6575e450cf', price_amount: 9.5 },
  approvable: true,
  created_at: '2026-03-01T10:00:00.000Z',
  reviewed_at: '2026-03-01T10:05:00.000Z',
  decision: null,
  ...change,
});

afterEach(() => vi.unstubAllGlobals());

describe('TopUpsPage', () => {
  it('lists the queue with asked vs paid and the notification, approves after confirming the amount, and the row leaves', async () => {
    const api = stubApi({
      'GET /ops/top-ups': () => ({ data: [topUp()], next_cursor: null }),
      'POST /ops/top-ups/0mwv8el2p396efe6575e450cf/approve': () => ({ data: topUp({ status: 'paid', decision: null }) }),
    });
    renderWithProviders(<TopUpsPage />);
    const table = await screen.findByTestId('ops-top-ups-table');
    expect(within(table).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(table).getByText('$10.00')).toBeInTheDocument();
    expect(within(table).getByText('$9.50')).toBeInTheDocument();
    expect(within(table).getByText(/"price_amount": 9.5/)).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByTestId('top-up-decide-confirm');
    expect(confirm).toHaveTextContent('Credit $9.50');
    fireEvent.click(confirm);
    await waitFor(() => expect(api.requestsTo('POST /ops/top-ups/0mwv8el2p396efe6575e450cf/approve')).toHaveLength(1));
    expect(api.requestsTo('POST /ops/top-ups/0mwv8el2p396efe6575e450cf/approve')[0]!.body).toEqual({});
    await waitFor(() => expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument());
  });

  it('requires a reason to reject, and says so when another operator decided first', async () => {
    const api = stubApi({
      'GET /ops/top-ups': () => ({ data: [topUp()], next_cursor: null }),
      'POST /ops/top-ups/0mwv8el2p396efe6575e450cf/reject': () =>
        json({ message: 'not in review', code: 'TOP_UP_NOT_IN_REVIEW', params: { status: 'paid' } }, 409),
    });
    renderWithProviders(<TopUpsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByTestId('top-up-decide-confirm');
    fireEvent.click(confirm);
    expect(await screen.findByText('Write at least 3 characters.')).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/top-ups/0mwv8el2p396efe6575e450cf/reject')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Paid twice by mistake' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.requestsTo('POST /ops/top-ups/0mwv8el2p396efe6575e450cf/reject')[0]?.body).toEqual({ reason: 'Paid twice by mistake' }));
    expect(await screen.findByText(/no longer in review/)).toBeInTheDocument();
  });

  it('offers only Reject for a payment in another currency', async () => {
    stubApi({ 'GET /ops/top-ups': () => ({ data: [topUp({ approvable: false, paid: 10, paid_currency: 'EUR' })], next_cursor: null }) });
    renderWithProviders(<TopUpsPage />);
    expect(await screen.findByText('€10.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });
});
