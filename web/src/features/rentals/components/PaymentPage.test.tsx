import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs, verifiedUser } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import { privateCountries, whatsapp } from '@/test/catalog-fixtures';
import { rental } from '@/features/rentals/test-fixtures';
import PaymentPage from './PaymentPage';
import { sharedWhatsAppMonth } from '@/test/purchase-fixtures';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const shared = sharedWhatsAppMonth;

const store = (record: unknown) => localStorage.setItem('buyNumber', JSON.stringify(record));
const stored = () => JSON.parse(localStorage.getItem('buyNumber') ?? 'null') as Record<string, unknown> | null;

const bought = rental(1, { number: '+447700900111', price: 13.5 });
const catalogue = (balance: number) => ({
  'GET /user/balance': () => ({ message: 'success', balance, account_hold: null }),
  'GET /user/transactions': () => ({ message: 'success', data: { current_page: 0, per_page: 20, data: [], next_page: null } }),
  'GET /mobile-number-providers/1': () => ({ data: [whatsapp] }),
  'GET /private-numbers': () => ({ data: privateCountries }),
});

const renderPayment = () =>
  renderRoutes(
    [
      { path: '/payment', element: <PaymentPage /> },
      { path: '/dashboard/my-number/:id', element: <p>Rental page</p> },
    ],
    '/payment',
  );

/** The Idempotency-Key of each POST /user/rentals the page sent. */
const keysSent = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls
    .filter(([input, init]) => String(input).endsWith('/api/user/rentals') && init?.method === 'POST')
    .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Payment', { timeout: slowMachineMs }, () => {
  it('shows the purchase record and the balance, pays from the balance and opens the new rental', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store({ ...shared, transactionId: 'tu1', paymentMethod: 'stripe' });
    let balance = 20;
    const api = stubApi({
      ...catalogue(20),
      'GET /user/balance': () => ({ message: 'success', balance, account_hold: null }),
      'POST /user/rentals': () => {
        balance = 6.5;
        return json({ message: 'success', data: bought, balance }, 201);
      },
    });
    const user = userEvent.setup();
    const { router } = renderPayment();

    const summary = screen.getByTestId('payment-summary');
    for (const text of ['Shared', 'United Kingdom', 'WhatsApp', '+447700900111', '1 Month', '$13.50']) expect(summary).toHaveTextContent(text);
    expect(screen.getByTestId('payment-balance')).toHaveTextContent('$20.00');
    expect(screen.getByText('Balance after payment').nextElementSibling).toHaveTextContent('$6.50');
    expect(screen.queryByTestId('payment-shortfall')).toBeNull();

    await user.click(screen.getByTestId('pay-from-balance'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-number/r0000000001'));
    const [request] = api.requestsTo('POST /user/rentals');
    expect(request!.body).toEqual({ mobile_number_type_id: 1, mobile_number_id: 101, service_provider_id: 10, rent_time_id: 3 });
    expect(keysSent(api)).toEqual([expect.stringMatching(/^[0-9a-f-]{32,36}$/)]);
    // The record is gone; a payment under way stays.
    expect(stored()).toEqual({ transactionId: 'tu1', paymentMethod: 'stripe' });
    expect(authState.get().user?.balance).toBe(6.5);
    expect(await screen.findByText('+447700900111 is yours. Messages to it appear on its page.')).toBeInTheDocument();
  });

  it('Private sends its own request shape: the period, no service', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store({ ...shared, mobile_number_type_id: 2, service_provider_id: null, service: '', rent_time_id: 1, rent: '1 Week', total_price: 6.5 });
    const api = stubApi({ ...catalogue(20), 'POST /user/rentals': () => json({ message: 'success', data: bought, balance: 13.5 }, 201) });
    const user = userEvent.setup();
    renderPayment();
    expect(screen.getByTestId('payment-summary')).toHaveTextContent('All services');
    await user.click(screen.getByTestId('pay-from-balance'));
    await waitFor(() => expect(api.requestsTo('POST /user/rentals')).toHaveLength(1));
    expect(api.requestsTo('POST /user/rentals')[0]!.body).toEqual({ mobile_number_type_id: 2, mobile_number_id: 101, rent_time_id: 1 });
  });

  it('after a network error, Pay again sends the same Idempotency-Key', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store(shared);
    let calls = 0;
    const api = stubApi({
      ...catalogue(20),
      'POST /user/rentals': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json({ message: 'success', data: bought, balance: 6.5 }, 201);
      },
    });
    const user = userEvent.setup();
    const { router } = renderPayment();
    await user.click(screen.getByTestId('pay-from-balance'));
    expect(await screen.findByRole('alert')).toHaveTextContent('you will not be charged twice');
    expect(router.state.location.pathname).toBe('/payment');
    await user.click(screen.getByTestId('pay-from-balance'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-number/r0000000001'));
    const keys = keysSent(api);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a 402 shows the shortfall and a Top up that comes back here; the record stays', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store(shared);
    const api = stubApi({
      ...catalogue(20),
      'POST /user/rentals': () =>
        json({ message: 'Not enough balance: $12.00 available', code: 'INSUFFICIENT_FUNDS', params: { balance: '12.00' }, shortfall: 1.5 }, 402),
    });
    const user = userEvent.setup();
    const { router } = renderPayment();
    await user.click(screen.getByTestId('pay-from-balance'));
    const shortfall = await screen.findByTestId('payment-shortfall');
    expect(shortfall).toHaveTextContent('Your balance is $1.50 short');
    // Exactly what is missing, filled in on TOP-UP Balance, which comes back here.
    expect(within(shortfall).getByRole('link', { name: 'Top up $1.50' })).toHaveAttribute('href', '/dashboard/topup-balance?return=/payment&amount=1.50');
    expect(screen.getByTestId('pay-from-balance')).toBeDisabled();
    expect(router.state.location.pathname).toBe('/payment');
    expect(stored()).toMatchObject({ mobile_number_id: 101, total_price: 13.5 });
    expect(api.requestsTo('POST /user/rentals')).toHaveLength(1);
  });

  it('a balance known to be short says so before paying', async () => {
    signInAs({ ...verifiedUser, balance: 5 });
    store(shared);
    const api = stubApi(catalogue(5));
    renderPayment();
    expect(screen.getByTestId('payment-shortfall')).toHaveTextContent('Your balance is $8.50 short');
    expect(screen.getByTestId('pay-from-balance')).toBeDisabled();
    expect(api.requestsTo('POST /user/rentals')).toHaveLength(0);
  });

  it('a holding limit (429) says which and until when; the record stays for later', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store(shared);
    stubApi({
      ...catalogue(20),
      'POST /user/rentals': () =>
        new Response(JSON.stringify({ message: 'You hold 2 of these numbers…', code: 'SLICE_SHARE_LIMIT', params: { limit: 2 } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
        }),
    });
    const user = userEvent.setup();
    const { router } = renderPayment();
    await user.click(screen.getByTestId('pay-from-balance'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You hold 2 of these numbers, the most one account may while others want them too; choose another country or service',
    );
    expect(router.state.location.pathname).toBe('/payment');
    expect(stored()).toMatchObject({ mobile_number_id: 101 });
  });

  it('a limited account is told before paying that closing this number will not refund it', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store(shared);
    const limited = {
      tier: 'limited',
      delivered: 0,
      unused: 6,
      window_days: 7,
      success_rate: 0,
      held: 0,
      hold_limit: 3,
      close_refunds: false,
      paused_until: null,
    };
    stubApi({ ...catalogue(20), 'GET /user/standing': () => ({ message: 'success', data: limited }) });
    renderPayment();
    await waitFor(() =>
      expect(screen.getByTestId('payment-refund-note')).toHaveTextContent("Your account's standing is Limited: closing this number will not refund it."),
    );
  });

  it('a number taken meanwhile (409) says so, offers the picker again and forgets the record', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store(shared);
    stubApi({ ...catalogue(20), 'POST /user/rentals': () => json({ message: 'This number is no longer available', code: 'NUMBER_TAKEN' }, 409) });
    const user = userEvent.setup();
    renderPayment();
    await user.click(screen.getByTestId('pay-from-balance'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This number is no longer available' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-stale')).toHaveAttribute('data-reason', 'taken');
    expect(screen.getByRole('link', { name: 'Choose another number' })).toHaveAttribute('href', '/#get-number');
    expect(stored()).toBeNull();
  });

  it('"Any number": named so in the order, Pay sends the country instead of a number, the number bought is told', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    const any = { ...shared, mobile_number_id: null, mobile_number_type_id: 3, rent_time_id: null, number: '', rent: '20 minutes', total_price: 0.3 };
    store(any);
    const activation = rental(2, { number: '+447700900444', price: 0.3, type: 3 });
    const api = stubApi({ ...catalogue(20), 'POST /user/rentals': () => json({ message: 'success', data: activation, balance: 19.7 }, 201) });
    const user = userEvent.setup();
    const { router } = renderPayment();
    const summary = screen.getByTestId('payment-summary');
    for (const text of ['Temporary', 'United Kingdom', 'WhatsApp', 'Any number', '20 minutes', '$0.30']) expect(summary).toHaveTextContent(text);
    await user.click(screen.getByTestId('pay-from-balance'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-number/r0000000002'));
    expect(api.requestsTo('POST /user/rentals')[0]!.body).toEqual({ mobile_number_type_id: 3, country_id: 1, service_provider_id: 10 });
    expect(await screen.findByText('+447700900444 is yours. Messages to it appear on its page.')).toBeInTheDocument();
  });

  it('"Any number" when none is free (409 NO_NUMBERS) says so, not that a number was taken', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store({ ...shared, mobile_number_id: null, mobile_number_type_id: 3, rent_time_id: null, number: '', rent: '20 minutes', total_price: 0.3 });
    stubApi({
      ...catalogue(20),
      'POST /user/rentals': () => json({ message: 'No WhatsApp numbers are free in United Kingdom right now', code: 'NO_NUMBERS' }, 409),
    });
    const user = userEvent.setup();
    renderPayment();
    await user.click(screen.getByTestId('pay-from-balance'));
    expect(await screen.findByRole('heading', { level: 1, name: 'No numbers are free right now' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-stale')).toHaveAttribute('data-reason', 'noNumbers');
    expect(screen.getByTestId('payment-stale')).toHaveTextContent('Every WhatsApp number in United Kingdom was taken a moment ago.');
    expect(stored()).toBeNull();
  });

  it('a record stored before the ids existed asks for a new choice', () => {
    signInAs({ ...verifiedUser, balance: 20 });
    const { mobile_number_type_id: _type, service_provider_id: _service, country_id: _country, ...old } = shared;
    store(old);
    stubApi(catalogue(20));
    renderPayment();
    expect(screen.getByTestId('payment-stale')).toHaveAttribute('data-reason', 'outdated');
    expect(screen.queryByTestId('pay-from-balance')).toBeNull();
  });

  it('a price changed since the choice must be accepted before paying', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store({ ...shared, total_price: 12 });
    stubApi(catalogue(20));
    const user = userEvent.setup();
    renderPayment();
    const notice = await screen.findByTestId('payment-price-changed');
    expect(notice).toHaveTextContent('This number cost $12.00 when you chose it; it now costs $13.50.');
    expect(screen.getByTestId('pay-from-balance')).toBeDisabled();
    await user.click(within(notice).getByRole('button', { name: 'Continue at $13.50' }));
    expect(screen.queryByTestId('payment-price-changed')).toBeNull();
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$13.50');
    expect(screen.getByTestId('pay-from-balance')).toBeEnabled();
    expect(stored()).toMatchObject({ total_price: 13.5 });
  });

  it('signed out: the record shows, with a way to sign in instead of Pay', () => {
    store(shared);
    stubApi(catalogue(0));
    renderPayment();
    expect(screen.getByTestId('payment-summary')).toHaveTextContent('+447700900111');
    expect(screen.queryByTestId('pay-from-balance')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/logIn?return=%2Fpayment');
  });

  it('signed in, Pay names the amount and comes before the order', () => {
    signInAs({ ...verifiedUser, balance: 20 });
    store(shared);
    stubApi(catalogue(20));
    renderPayment();
    const pay = screen.getByTestId('pay-from-balance');
    expect(pay).toHaveTextContent('Pay $13.50 from balance');
    expect(pay).toBeEnabled();
    // In the document's order (what a narrow screen stacks), Pay is above the order summary.
    expect(pay.compareDocumentPosition(screen.getByTestId('payment-summary')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('short by less than the smallest top-up: offers the minimum and says what stays on the balance', () => {
    signInAs({ ...verifiedUser, balance: 13.2 });
    store(shared);
    stubApi(catalogue(13.2));
    renderPayment();
    const shortfall = screen.getByTestId('payment-shortfall');
    expect(shortfall).toHaveTextContent('Your balance is $0.30 short');
    expect(shortfall).toHaveTextContent('The smallest top-up is $1.00, so $0.70 stays on your balance after paying.');
    expect(within(shortfall).getByRole('link', { name: 'Top up $1.00' })).toHaveAttribute('href', '/dashboard/topup-balance?return=/payment&amount=1.00');
    // Pay (disabled, with the amount) stays the first thing; the top-up follows it.
    expect(screen.getByTestId('pay-from-balance').compareDocumentPosition(shortfall) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('on hold: says so in place of paying, and sends nothing', async () => {
    const hold = { since: '2026-01-05T10:00:00.000Z', cause: 'chargeback' as const };
    signInAs({ ...verifiedUser, balance: 20, account_hold: hold });
    store(shared);
    const api = stubApi({ ...catalogue(20), 'GET /user/balance': () => ({ message: 'success', balance: 20, account_hold: hold }) });
    const user = userEvent.setup();
    renderPayment();
    expect(screen.getByTestId('hold-purchase-note')).toHaveTextContent('Your account is on hold after a card payment was taken back');
    expect(screen.getByTestId('pay-from-balance')).toBeDisabled();
    await user.click(screen.getByTestId('pay-from-balance'));
    expect(api.requestsTo('POST /user/rentals')).toHaveLength(0);
  });
});
