import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import { browser } from '@/features/wallet/checkout';
import TopUpPage from './TopUpPage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const renderTopUp = () => renderRoutes([{ path: '/dashboard/topup-balance', element: <TopUpPage /> }], '/dashboard/topup-balance');

const created = (checkout: { method: 'GET' | 'POST'; url: string; fields: Record<string, string> }, provider = 'perfectmoney') => ({
  message: 'success',
  data: { id: 'tu0000000001abc', provider, amount: 25, status: 'pending', created_at: '2026-03-01T10:00:00.000Z', checkout },
});

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetSignedIn();
  document.querySelectorAll('form[hidden]').forEach((form) => form.remove());
});

describe('TOP-UP Balance', { timeout: slowMachineMs }, () => {
  it('shows a balance below zero as owed, with how to pay it off', async () => {
    resetSignedIn();
    signInAs({ id: 'u1', email: 'ada@example.com', email_verified_at: '2026-01-01T00:00:00.000Z', balance: -20 });
    stubApi({});
    renderTopUp();
    expect(screen.getByText('You owe')).toBeInTheDocument();
    expect(screen.getByTestId('topup-current-balance')).toHaveTextContent(/^\$20\.00$/);
    expect(screen.getByTestId('topup-owed-note')).toHaveTextContent('Top up to pay off what you owe.');
  });

  it('on hold, the owed note says topping up does not lift the hold', () => {
    resetSignedIn();
    signInAs({
      id: 'u1',
      email: 'ada@example.com',
      email_verified_at: '2026-01-01T00:00:00.000Z',
      balance: -20,
      account_hold: { since: '2026-01-05T10:00:00.000Z', cause: 'chargeback' },
    });
    stubApi({});
    renderTopUp();
    expect(screen.getByTestId('topup-owed-note')).toHaveTextContent('they do not lift the hold on your account: an operator reviews it and decides.');
  });

  it('from a purchase short of balance: the amount is filled in, and the top-up remembers to go back to Payment', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = stubApi({
      'POST /user/top-ups': () => json(created({ method: 'GET', url: 'https://checkout.stripe.example/c/pay/cs_2', fields: {} }, 'stripe'), 201),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/topup-balance', element: <TopUpPage /> }], '/dashboard/topup-balance?return=/payment&amount=1.58');
    expect(screen.getByTestId('topup-amount')).toHaveValue('1.58');
    expect(screen.getByTestId('topup-return-note')).toBeInTheDocument();
    await user.click(screen.getByTestId('provider-stripe'));
    await user.click(screen.getByTestId('topup-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.requestsTo('POST /user/top-ups')[0]!.body).toEqual({ amount: 1.58, provider: 'stripe' });
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toMatchObject({ transactionId: 'tu0000000001abc', returnTo: '/payment' });
  });

  it('ignores an amount the providers do not take and a return to another site', () => {
    renderRoutes([{ path: '/dashboard/topup-balance', element: <TopUpPage /> }], '/dashboard/topup-balance?return=https://evil.example/&amount=0.20');
    expect(screen.getByTestId('topup-amount')).toHaveValue('');
    expect(screen.queryByTestId('topup-return-note')).toBeNull();
  });

  it('shows the balance, checks the amount in the shared wording, and enables Pay only for a valid amount and provider', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderTopUp();
    expect(screen.getByRole('heading', { level: 1, name: 'TOP-UP Balance' })).toBeInTheDocument();
    expect(screen.getByTestId('topup-current-balance')).toHaveTextContent('$12.50');
    expect(screen.getByText('No fee from us; the provider may charge its own.')).toBeInTheDocument();
    const amount = screen.getByTestId('topup-amount');
    const pay = screen.getByTestId('topup-pay');
    expect(amount).toHaveAccessibleName('Amount in US dollars');
    expect(pay).toBeDisabled();

    const errorAfter = async (typed: string) => {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.tab();
      return amount.closest('.field')!.querySelector('.field__error')?.textContent;
    };
    expect(await errorAfter('0.5')).toBe('Must be greater than or equal to 1.');
    expect(await errorAfter('10000.01')).toBe('Must be less than or equal to 10000.');
    expect(await errorAfter('ten')).toBe('Must be a number.');
    expect(await errorAfter('10.555')).toBe('Must have at most 2 decimals.');
    await user.clear(amount);
    expect(amount.closest('.field')!.querySelector('.field__error')?.textContent).toBe('Required.');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    // A quick pick fills the amount; with a provider chosen, Pay says what it will charge.
    await user.click(screen.getByRole('button', { name: '$25' }));
    expect(amount).toHaveValue('25');
    expect(screen.getByRole('button', { name: '$25' })).toHaveAttribute('aria-pressed', 'true');
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(pay).toBeDisabled(); // no provider yet
    for (const id of ['stripe', 'perfectmoney', 'payeer', 'binance', 'crypto']) expect(screen.getByTestId(`provider-${id}`)).toBeInTheDocument();
    await user.click(screen.getByTestId('provider-binance'));
    expect(screen.getByRole('radio', { name: /Binance Pay/ })).toBeChecked();
    expect(pay).toBeEnabled();
    expect(pay).toHaveTextContent('Pay $25.00');

    // A decimal comma is read as a point.
    await user.clear(amount);
    await user.type(amount, '12,5');
    expect(pay).toHaveTextContent('Pay $12.50');
  });

  it('Pay creates the top-up, remembers it, and submits a hidden POST form to the provider', async () => {
    const submit = vi.spyOn(browser, 'submit').mockImplementation(() => undefined);
    const api = stubApi({
      'POST /user/top-ups': () =>
        json(
          created({
            method: 'POST',
            url: 'https://perfectmoney.example/api/step1.asp',
            fields: { PAYEE_ACCOUNT: 'U123', PAYMENT_AMOUNT: '25.00', PAYMENT_ID: 'tu0000000001abc' },
          }),
          201,
        ),
    });
    const user = userEvent.setup();
    renderTopUp();
    await user.type(screen.getByTestId('topup-amount'), '25');
    await user.click(screen.getByTestId('provider-perfectmoney'));
    await user.click(screen.getByTestId('topup-pay'));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('POST /user/top-ups')[0]!.body).toEqual({ amount: 25, provider: 'perfectmoney' });
    const form = submit.mock.calls[0]![0];
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://perfectmoney.example/api/step1.asp');
    expect(document.body.contains(form)).toBe(true);
    const hidden = [...form.querySelectorAll('input')].map((input) => [input.type, input.name, input.value]);
    expect(hidden).toEqual([
      ['hidden', 'PAYEE_ACCOUNT', 'U123'],
      ['hidden', 'PAYMENT_AMOUNT', '25.00'],
      ['hidden', 'PAYMENT_ID', 'tu0000000001abc'],
    ]);
    // The buy-number state: transaction id and payment method, next to the purchase handoff.
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toMatchObject({ transactionId: 'tu0000000001abc', paymentMethod: 'perfectmoney' });
    expect(screen.getByTestId('topup-pay')).toBeDisabled();
    expect(screen.getByTestId('topup-pay')).toHaveTextContent('Taking you to Perfect Money…');
  });

  it('a GET checkout opens the provider url; the purchase handoff stays beside the payment info', async () => {
    localStorage.setItem(
      'buyNumber',
      JSON.stringify({ mobile_number_id: 7, rent_time_id: 1, country: 'UK', service: 'Mail', number: '+44 7000', rent: '1 Week', total_price: 3 }),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    stubApi({ 'POST /user/top-ups': () => json(created({ method: 'GET', url: 'https://checkout.stripe.example/c/pay/cs_1', fields: {} }, 'stripe'), 201) });
    const user = userEvent.setup();
    renderTopUp();
    await user.click(screen.getByRole('button', { name: '$10' }));
    await user.click(screen.getByTestId('provider-stripe'));
    await user.click(screen.getByTestId('topup-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.example/c/pay/cs_1'));
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toEqual({
      mobile_number_id: 7,
      rent_time_id: 1,
      country: 'UK',
      service: 'Mail',
      number: '+44 7000',
      rent: '1 Week',
      total_price: 3,
      transactionId: 'tu0000000001abc',
      paymentMethod: 'stripe',
    });
  });

  it('preselects the last payment method used', () => {
    localStorage.setItem('buyNumber', JSON.stringify({ paymentMethod: 'payeer' }));
    stubApi({});
    renderTopUp();
    expect(screen.getByRole('radio', { name: /Payeer/ })).toBeChecked();
  });

  it('shows server field errors under the field and other failures as an alert', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    let reply = json(
      {
        message: 'Invalid input.',
        code: 'VALIDATION_FAILED',
        errors: { amount: ['Must have at most 2 decimals.'] },
        fields: { amount: [{ code: 'TOO_MANY_DECIMALS' }] },
      },
      400,
    );
    stubApi({ 'POST /user/top-ups': () => reply });
    const user = userEvent.setup();
    renderTopUp();
    await user.type(screen.getByTestId('topup-amount'), '30');
    await user.click(screen.getByTestId('provider-crypto'));
    await user.click(screen.getByTestId('topup-pay'));
    const field = screen.getByTestId('topup-amount').closest('.field') as HTMLElement;
    expect(await within(field).findByText('Must have at most 2 decimals.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    reply = json(
      {
        message: 'NOWPayments is not reachable right now. Try again or choose another method.',
        code: 'PAYMENT_PROVIDER_UNREACHABLE',
        params: { provider: 'NOWPayments' },
      },
      502,
    );
    await user.click(screen.getByTestId('topup-pay'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment could not be started.');
    expect(alert).toHaveTextContent('NOWPayments is not reachable right now.');
    expect(within(field).queryByText('Must have at most 2 decimals.')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByTestId('topup-pay')).toBeEnabled();
  });

  it('says to wait when the per-user limit on starting payments answers 429', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    stubApi({
      'POST /user/top-ups': () => json({ message: 'Too many top-ups started; try again in a few minutes', code: 'TOP_UP_LIMIT', params: { limit: 10 } }, 429),
    });
    const user = userEvent.setup();
    renderTopUp();
    await user.type(screen.getByTestId('topup-amount'), '30');
    await user.click(screen.getByTestId('provider-crypto'));
    await user.click(screen.getByTestId('topup-pay'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have started many payments in the last few minutes. Please wait a few minutes and try again.');
    expect(alert).not.toHaveTextContent('The payment could not be started.');
    expect(assign).not.toHaveBeenCalled();
  });
});
