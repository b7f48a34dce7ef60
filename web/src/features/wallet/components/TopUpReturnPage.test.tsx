import type { TopUp } from '@numbernest/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import PaymentFailedPage from './PaymentFailedPage';
import { topUpPatienceMs, topUpPollMs } from '@/features/wallet/api/use-top-up';
import TopUpReturnPage from './TopUpReturnPage';
import { sharedWhatsAppMonth } from '@/test/purchase-fixtures';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const id = 'tu0000000001abc';
const topUp = (status: TopUp['status'], change: Partial<TopUp> = {}): { message: 'success'; data: TopUp } => ({
  message: 'success',
  data: {
    id,
    provider: 'stripe',
    amount: 25,
    status,
    created_at: '2026-03-01T10:00:00.000Z',
    paid_at: status === 'paid' ? '2026-03-01T10:00:05.000Z' : null,
    ...change,
  },
});

const renderReturn = (path: string) =>
  renderRoutes(
    [
      { path: '/:provider/success', element: <TopUpReturnPage /> },
      { path: '/:provider/cancel', element: <PaymentFailedPage /> },
      { path: '/top-up-successful', element: <TopUpReturnPage /> },
    ],
    path,
  );

/** Answers from a list, the last one repeating. */
const answers = <T,>(...replies: T[]) => {
  let calls = 0;
  return () => replies[Math.min(calls++, replies.length - 1)]!;
};

const statusLine = () => screen.getByTestId('topup-status');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('back from a payment provider', { timeout: slowMachineMs }, () => {
  it('polls the top-up while pending, then shows success with the amount and the refreshed balance', async () => {
    signInAs();
    const api = stubApi({
      [`GET /user/top-ups/${id}`]: answers(topUp('pending'), topUp('pending'), topUp('paid')),
      'GET /user/balance': () => ({ message: 'success', balance: 37.5, account_hold: null }),
    });
    renderReturn(`/stripe/success?top_up=${id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirming your payment…');
    expect(statusLine()).toHaveAttribute('data-status', 'pending');
    expect(statusLine()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('result-provider')).toHaveTextContent('Stripe');
    await waitFor(() => expect(api.requestsTo(`GET /user/top-ups/${id}`)).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs));
    expect(api.requestsTo(`GET /user/top-ups/${id}`)).toHaveLength(2);
    expect(statusLine()).toHaveAttribute('data-status', 'pending');
    expect(api.requestsTo('GET /user/balance')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs));
    await waitFor(() => expect(statusLine()).toHaveAttribute('data-status', 'paid'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Top-up successful');
    expect(statusLine()).toHaveTextContent('$25.00 has been added to your balance.');
    expect(await screen.findByTestId('topup-balance')).toHaveTextContent('$37.50');
    expect(authState.get().user?.balance).toBe(37.5);
    expect(api.requestsTo('GET /user/balance')).toHaveLength(1);

    // Paid is final: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs * 3));
    expect(api.requestsTo(`GET /user/top-ups/${id}`)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Get a number' })).toHaveAttribute('href', '/#get-number');
  });

  it('paid, made from Payment for the record waiting: back on Payment once the balance is in', async () => {
    signInAs();
    localStorage.setItem('buyNumber', JSON.stringify({ ...sharedWhatsAppMonth, transactionId: id, paymentMethod: 'stripe', returnTo: '/payment' }));
    stubApi({ [`GET /user/top-ups/${id}`]: () => topUp('paid'), 'GET /user/balance': () => ({ message: 'success', balance: 37.5, account_hold: null }) });
    const { router } = renderRoutes(
      [
        { path: '/:provider/success', element: <TopUpReturnPage /> },
        { path: '/payment', element: <p>Payment</p> },
      ],
      `/stripe/success?top_up=${id}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(authState.get().user?.balance).toBe(37.5);
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toEqual(sharedWhatsAppMonth);
  });

  it('paid while a purchase record waits: leads back to the purchase first, and keeps the record', async () => {
    signInAs();
    const purchase = sharedWhatsAppMonth;
    localStorage.setItem('buyNumber', JSON.stringify({ ...purchase, transactionId: id, paymentMethod: 'stripe' }));
    stubApi({ [`GET /user/top-ups/${id}`]: () => topUp('paid'), 'GET /user/balance': () => ({ message: 'success', balance: 37.5, account_hold: null }) });
    renderReturn(`/stripe/success?top_up=${id}`);
    await waitFor(() => expect(statusLine()).toHaveAttribute('data-status', 'paid'));
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveTextContent('Back to your purchase');
    expect(links[0]).toHaveAttribute('href', '/payment');
    expect(screen.queryByRole('link', { name: 'Get a number' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toEqual(purchase);
  });

  it('a failed payment says so, offers Try again, and forgets the stored payment', async () => {
    signInAs();
    localStorage.setItem('buyNumber', JSON.stringify({ transactionId: id, paymentMethod: 'stripe' }));
    stubApi({ [`GET /user/top-ups/${id}`]: () => topUp('failed') });
    // No ?top_up= in the URL: the stored transaction id is used.
    renderReturn('/top-up-successful');
    await waitFor(() => expect(statusLine()).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment failed');
    expect(statusLine()).toHaveTextContent('Nothing was charged.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard/topup-balance');
    expect(screen.queryByText('Top-up successful')).toBeNull();
    expect(screen.getByTestId('result-provider')).toHaveTextContent('Stripe');
    expect(localStorage.getItem('buyNumber')).toBeNull();
  });

  it('expired and review have their own words', async () => {
    signInAs();
    stubApi({ [`GET /user/top-ups/${id}`]: () => topUp('review') });
    renderReturn(`/binance/success?top_up=${id}`);
    await waitFor(() => expect(statusLine()).toHaveAttribute('data-status', 'review'));
    expect(statusLine()).toHaveTextContent('We are checking this payment; we will notify you');
  });

  it('still pending after about a minute: says it is still processing and stops asking', async () => {
    signInAs();
    const api = stubApi({ [`GET /user/top-ups/${id}`]: () => topUp('pending') });
    renderReturn(`/payeer/success?top_up=${id}`);
    await act(() => vi.advanceTimersByTimeAsync(topUpPatienceMs));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Still processing'));
    expect(statusLine()).toHaveAttribute('data-status', 'pending');
    expect(statusLine()).toHaveTextContent('we will notify you when it lands');
    const asked = api.requestsTo(`GET /user/top-ups/${id}`).length;
    expect(asked).toBeGreaterThan(20);
    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs * 4));
    expect(api.requestsTo(`GET /user/top-ups/${id}`).length).toBeLessThanOrEqual(asked + 1);
  });

  it('a dropped request is asked again at the same pace', async () => {
    signInAs();
    let calls = 0;
    stubApi({
      [`GET /user/top-ups/${id}`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return topUp('expired');
      },
    });
    renderReturn(`/stripe/success?top_up=${id}`);
    await waitFor(() => expect(calls).toBe(1));
    expect(statusLine()).toHaveAttribute('data-status', 'pending');
    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs));
    await waitFor(() => expect(statusLine()).toHaveAttribute('data-status', 'expired'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment expired');
  });

  it("another user's top-up (404) is not found, and is not asked again", async () => {
    signInAs();
    const api = stubApi({ [`GET /user/top-ups/${id}`]: () => json({ message: 'Top-up not found', code: 'TOP_UP_NOT_FOUND' }, 404) });
    renderReturn(`/crypto/success?top_up=${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not found' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs * 3));
    expect(api.requestsTo(`GET /user/top-ups/${id}`)).toHaveLength(1);
  });

  it('signed out: asks to sign in and does not trust the URL', async () => {
    const api = stubApi({});
    renderReturn(`/stripe/success?top_up=${id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in to see your payment');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/logIn');
    expect(screen.getByTestId('result-provider')).toHaveTextContent('Stripe');
    await act(() => vi.advanceTimersByTimeAsync(topUpPollMs));
    expect(api).not.toHaveBeenCalled();
  });

  it('the cancel route says nothing was charged and offers Try again', () => {
    signInAs();
    localStorage.setItem('buyNumber', JSON.stringify({ transactionId: id, paymentMethod: 'stripe' }));
    stubApi({});
    renderReturn(`/stripe/cancel?top_up=${id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment cancelled');
    expect(screen.getByText(/Nothing was charged\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard/topup-balance');
    expect(screen.getByTestId('result-provider')).toHaveTextContent('Stripe');
    expect(localStorage.getItem('buyNumber')).toBeNull();
  });
});
