import type { OpsPayout } from '@numbernest/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import PayoutsPage from './PayoutsPage';

const partner = { sub: '5f0c2a3e-1111-4222-8333-944455556666', email: 'bank@example.com' };
const operator = { sub: '7a0c2a3e-1111-4222-8333-944455556666', email: 'ops@example.com' };

const payout = (change: Partial<OpsPayout> = {}): OpsPayout => ({
  id: '0mx1vz52ra71b390b783bac2a',
  amount: 25,
  destination: 'USDT TRC-20 TXYZabc123',
  status: 'requested',
  requested_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  decided_at: null,
  reference: null,
  reason: null,
  partner,
  decided_by: null,
  ...change,
});

const paid = payout({
  id: '0mx1vz52ra71b390b783bac2b',
  amount: 40,
  status: 'paid',
  decided_at: new Date(Date.now() - 3600_000).toISOString(),
  reference: 'TX-1',
  decided_by: operator,
});

afterEach(() => vi.unstubAllGlobals());

describe('PayoutsPage', { timeout: 20_000 }, () => {
  it('lists the waiting payouts first, then the decided ones with their reference and who decided', async () => {
    stubApi({
      'GET /ops/payouts': (_body, url) => ({
        data: url.searchParams.get('status') === 'requested' ? [payout()] : url.searchParams.get('status') === 'paid' ? [paid] : [],
      }),
    });
    renderWithProviders(<PayoutsPage />);
    const waiting = await screen.findByTestId('ops-payouts-waiting');
    const [row] = within(waiting).getAllByTestId('ops-payout-row');
    expect(within(row!).getByText('$25.00')).toBeInTheDocument();
    expect(within(row!).getByText('USDT TRC-20 TXYZabc123')).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: 'bank@example.com' })).toHaveAttribute('href', `/ops/users/${partner.sub}`);
    expect(within(row!).getByRole('button', { name: 'Approve the payout of bank@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting (1)' })).toBeInTheDocument();

    const decided = await screen.findByTestId('ops-payouts-decided');
    expect(within(decided).getByText('Paid')).toBeInTheDocument();
    expect(within(decided).getByText('Reference: TX-1')).toBeInTheDocument();
    expect(within(decided).getByText(/ops@example.com/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'refused' } });
    expect(await screen.findByText('No payout was refused')).toBeInTheDocument();
  });

  it('approves with the transfer’s reference and refuses with a reason; the server’s field error stays in the dialog', async () => {
    let waiting = [payout(), payout({ id: '0mx1vz52ra71b390b783bac2c', amount: 12, partner: { ...partner, email: 'other@example.com' } })];
    let refusals = 0;
    const api = stubApi({
      'GET /ops/payouts': (_body, url) => ({ data: url.searchParams.get('status') === 'requested' ? waiting : [] }),
      'POST /ops/payouts/0mx1vz52ra71b390b783bac2a/approve': () => {
        const done = { ...waiting[0]!, status: 'paid' as const, reference: 'TX-9', decided_at: new Date().toISOString(), decided_by: operator };
        waiting = waiting.slice(1);
        return { data: done };
      },
      'POST /ops/payouts/0mx1vz52ra71b390b783bac2c/refuse': () => {
        if (++refusals === 1)
          return json(
            {
              message: 'Invalid request',
              code: 'VALIDATION_FAILED',
              errors: { reason: ['Too long'] },
              fields: { reason: [{ code: 'TOO_LONG', params: { count: 500 } }] },
            },
            400,
          );
        const done = { ...waiting[0]!, status: 'refused' as const, reason: 'Wrong address', decided_at: new Date().toISOString(), decided_by: operator };
        waiting = [];
        return { data: done };
      },
    });
    renderWithProviders(<PayoutsPage />);
    const rows = await within(await screen.findByTestId('ops-payouts-waiting')).findAllByTestId('ops-payout-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Approve the payout of bank@example.com' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('USDT TRC-20 TXYZabc123')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Transfer reference'), { target: { value: 'TX-9' } });
    fireEvent.click(within(dialog).getByTestId('payout-decide-confirm'));
    expect(await screen.findByText('Payout of $25.00 to bank@example.com marked as paid')).toBeInTheDocument();
    expect(api.requestsTo(`POST /ops/payouts/0mx1vz52ra71b390b783bac2a/approve`)[0]!.body).toEqual({ reference: 'TX-9' });

    await waitFor(() => expect(within(screen.getByTestId('ops-payouts-waiting')).getAllByTestId('ops-payout-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse the payout of other@example.com' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong address' } });
    fireEvent.click(within(dialog).getByTestId('payout-decide-confirm'));
    expect(await within(dialog).findByText(/500/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('payout-decide-confirm'));
    expect(await screen.findByText('Payout of $12.00 refused; other@example.com has it back')).toBeInTheDocument();
    expect(await screen.findByText('No payout is waiting')).toBeInTheDocument();
  });
});
