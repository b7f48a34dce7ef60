import type { Payout } from '@numbernest/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs, verifiedUser } from '@/app/layout/signed-in/test-harness';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { PayoutsPanel } from './PayoutsPanel';

const payout = (change: Partial<Payout> = {}): Payout => ({
  id: '0mx1vz52ra71b390b783bac2a',
  amount: 25,
  destination: 'IBAN GB33BUKB20201555555555',
  status: 'paid',
  requested_at: '2026-11-20T10:00:00.000Z',
  decided_at: '2026-11-21T09:00:00.000Z',
  reference: 'TX-778812',
  reason: null,
  ...change,
});

beforeEach(() => {
  signInAs({ ...verifiedUser, balance: 48.2 });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetSignedIn();
  vi.unstubAllGlobals();
});

describe('PayoutsPanel', { timeout: 20_000 }, () => {
  it('shows the balance and each request with its state: paid with its reference, refused with the reason', async () => {
    stubApi({
      'GET /user/balance': () => ({ message: 'success', balance: 48.2, account_hold: null }),
      'GET /user/partner/payouts': () => ({
        data: [payout(), payout({ id: '0mx1vz52ra71b390b783bac2b', amount: 12, status: 'refused', reference: null, reason: 'Destination is not ours to pay' })],
      }),
    });
    renderWithProviders(<PayoutsPanel />);
    expect(screen.getByTestId('payout-balance')).toHaveTextContent('$48.20');
    const [paid, refused] = await screen.findAllByTestId('payout');
    expect(within(paid!).getByTestId('payout-status')).toHaveTextContent('Paid');
    expect(within(paid!).getByText('$25.00')).toBeInTheDocument();
    expect(within(paid!).getByTestId('payout-reference')).toHaveTextContent('TX-778812');
    expect(within(refused!).getByTestId('payout-status')).toHaveTextContent('Refused');
    expect(within(refused!).getByTestId('payout-reason')).toHaveTextContent('Destination is not ours to pay');
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeEnabled();
  });

  it('below the least payout, Request payout is off and says from how much', async () => {
    stubApi({
      'GET /user/balance': () => ({ message: 'success', balance: 9.99, account_hold: null }),
      'GET /user/partner/payouts': () => ({ data: [payout()] }),
    });
    renderWithProviders(<PayoutsPanel />);
    expect(await screen.findByText('You can ask for a payout once your balance is at least $10.00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });

  it('requests a payout with an Idempotency-Key; the server’s field error lands on its field, and the same submit keeps its key', async () => {
    const payouts: Payout[] = [];
    let posts = 0;
    const api = stubApi({
      'GET /user/partner/payouts': () => ({ data: payouts }),
      'GET /user/balance': () => ({ message: 'success', balance: 18.2, account_hold: null }),
      'POST /user/partner/payouts': (body) => {
        posts++;
        if (posts === 1)
          return json(
            {
              message: 'Invalid request',
              code: 'VALIDATION_FAILED',
              errors: { amount: ['At least $10'] },
              fields: { amount: [{ code: 'TOO_SMALL', params: { count: 10 } }] },
            },
            400,
          );
        const made = payout({ amount: (body as { amount: number }).amount, status: 'requested', decided_at: null, reference: null, destination: 'USDT TXYZ' });
        payouts.unshift(made);
        return json({ data: made, balance: 18.2 }, 201);
      },
    });
    renderWithProviders(<PayoutsPanel />);
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog');

    // The contract's own rules before anything is sent.
    await userEvent.type(within(dialog).getByLabelText('Amount, USD'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(await within(dialog).findByText('Must be greater than or equal to 10.')).toBeInTheDocument();
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    expect(api.requestsTo('POST /user/partner/payouts')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Amount, USD'));
    await userEvent.type(within(dialog).getByLabelText('Amount, USD'), '30');
    await userEvent.type(within(dialog).getByLabelText('Where to send it'), 'USDT TXYZ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    // The server's field error, on the amount.
    await waitFor(() => expect(within(dialog).getByLabelText('Amount, USD')).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.type(within(dialog).getByLabelText('Amount, USD'), '.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = api.requestsTo('POST /user/partner/payouts');
    expect(sent.map((request) => request.body)).toEqual([
      { amount: 30, destination: 'USDT TXYZ' },
      { amount: 30.5, destination: 'USDT TXYZ' },
    ]);
    const keys = (api.mock.calls as Array<[unknown, RequestInit | undefined]>)
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));
    expect(keys.every(Boolean)).toBe(true);
    const [row] = await screen.findAllByTestId('payout');
    expect(within(row!).getByTestId('payout-status')).toHaveTextContent('Waiting');
    // One open request at a time.
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });
});
