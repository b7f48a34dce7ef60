import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs, verifiedUser } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import i18n from '@/lib/i18n';
import { json, stubApi } from '@/test/render-with-providers';
import TransferFailedPage from './TransferFailedPage';
import TransferSuccessPage from './TransferSuccessPage';
import TransferPage from './TransferPage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const quiet = {
  'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
  'GET /user/notifications': () => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } }),
};
const sent = { message: 'success', data: { id: 'tr1', amount: 4.25, to: 'bob@example.com', balance: 8.25 } };

const renderTransfer = () =>
  renderApp('/dashboard/balance-transfer', [
    { path: 'dashboard/balance-transfer', element: <TransferPage /> },
    { path: 'transfer-successful', element: <TransferSuccessPage /> },
    { path: 'transfer-failed', element: <TransferFailedPage /> },
  ]);

/** The Idempotency-Key header of each POST /user/transfers the page sent. */
const keysSent = (api: ReturnType<typeof stubApi>) =>
  api.mock.calls
    .filter(([input, init]) => String(input).endsWith('/user/transfers') && init?.method === 'POST')
    .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);

async function fillAndContinue(user: ReturnType<typeof userEvent.setup>, email: string, amount: string, note = '') {
  await user.type(screen.getByTestId('transfer-email'), email);
  await user.type(screen.getByTestId('transfer-amount'), amount);
  if (note) await user.type(screen.getByTestId('transfer-note'), note);
  await user.click(screen.getByTestId('transfer-continue'));
}

const errorOf = (testId: string) => screen.getByTestId(testId).closest('.field')!.querySelector('.field__error')?.textContent;

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Balance Transfer', { timeout: slowMachineMs }, () => {
  it('checks the form in the shared wording before the confirmation step', async () => {
    stubApi(quiet);
    const user = userEvent.setup();
    renderTransfer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance Transfer' })).toBeInTheDocument();
    expect(screen.getByTestId('transfer-email')).toHaveAccessibleName("Recipient's e-mail");
    expect(screen.getByText('Available: $12.50')).toBeInTheDocument();

    await user.click(screen.getByTestId('transfer-continue'));
    expect(errorOf('transfer-email')).toBe('Required.');
    expect(errorOf('transfer-amount')).toBe('Required.');
    expect(screen.getByTestId('transfer-email')).toHaveFocus();

    await fillAndContinue(user, 'not-an-email', '0');
    expect(errorOf('transfer-email')).toBe('Invalid email.');
    expect(errorOf('transfer-amount')).toBe('Must be greater than 0.');

    await user.clear(screen.getByTestId('transfer-email'));
    await user.type(screen.getByTestId('transfer-email'), 'ADA@example.com');
    await user.clear(screen.getByTestId('transfer-amount'));
    await user.type(screen.getByTestId('transfer-amount'), '1.234');
    await user.click(screen.getByTestId('transfer-note'));
    await user.paste('x'.repeat(201));
    expect(errorOf('transfer-email')).toBe('You cannot send money to yourself.');
    expect(errorOf('transfer-amount')).toBe('Must have at most 2 decimals.');
    expect(errorOf('transfer-note')).toBe('Must have up to 200 characters.');
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();
  });

  it('confirms, then sends the transfer with an Idempotency-Key and shows the result with the new balance', async () => {
    const api = stubApi({ ...quiet, 'POST /user/transfers': () => json(sent, 201) });
    const user = userEvent.setup();
    const { router } = renderTransfer();
    await screen.findByTestId('transfer-email');
    await fillAndContinue(user, ' Bob@Example.com ', '4.25', 'Lunch');

    // The confirmation step: recipient, amount and note, with Back and Confirm.
    expect(screen.getByRole('heading', { name: 'Check the transfer' })).toHaveFocus();
    expect(screen.getByTestId('transfer-confirm-email')).toHaveTextContent('bob@example.com');
    expect(screen.getByTestId('transfer-confirm-amount')).toHaveTextContent('$4.25');
    expect(screen.getByTestId('transfer-confirm-note')).toHaveTextContent('Lunch');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('transfer-email')).toHaveValue('Bob@Example.com');
    await user.click(screen.getByTestId('transfer-continue'));
    expect(api.requestsTo('POST /user/transfers')).toHaveLength(0);

    await user.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer-successful'));
    expect(api.requestsTo('POST /user/transfers')[0]!.body).toEqual({ email: 'bob@example.com', amount: 4.25, note: 'Lunch' });
    const [key] = keysSent(api);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.state).toEqual({ amount: 4.25, to: 'bob@example.com', balance: 8.25 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer successful' })).toBeInTheDocument();
    expect(screen.getByText('$4.25 has been sent to bob@example.com.')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-balance')).toHaveTextContent('$8.25');
    // The stored user (the header's balance) follows at once, then GET /user/balance refreshes it.
    await waitFor(() => expect(api.requestsTo('GET /user/balance').length).toBeGreaterThan(0));
  });

  it('the stored balance follows the reply', async () => {
    stubApi({
      'GET /user/notifications': quiet['GET /user/notifications'],
      'GET /user/balance': () => new Promise(() => undefined),
      'POST /user/transfers': () => json(sent, 201),
    });
    const user = userEvent.setup();
    const { router } = renderTransfer();
    await screen.findByTestId('transfer-email');
    await fillAndContinue(user, 'bob@example.com', '4.25');
    await user.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer-successful'));
    expect(authState.get().user).toEqual({ ...verifiedUser, balance: 8.25 });
  });

  it('after a network error, Confirm again sends the same Idempotency-Key; a new confirmation gets a new one', async () => {
    let calls = 0;
    const api = stubApi({
      ...quiet,
      'POST /user/transfers': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json(sent, 201);
      },
    });
    const user = userEvent.setup();
    const { router } = renderTransfer();
    await screen.findByTestId('transfer-email');
    await fillAndContinue(user, 'bob@example.com', '4.25');
    await user.click(screen.getByTestId('transfer-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('you will not be charged twice');
    expect(router.state.location.pathname).toBe('/dashboard/balance-transfer');

    await user.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer-successful'));
    const keys = keysSent(api);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('field errors from the server go back to the form under their fields, with a new key next time', async () => {
    let reply = json(
      {
        message: 'Invalid input.',
        code: 'VALIDATION_FAILED',
        errors: { email: ['No account uses this e-mail.'] },
        fields: { email: [{ code: 'NO_ACCOUNT' }] },
      },
      400,
    );
    const api = stubApi({ ...quiet, 'POST /user/transfers': () => reply });
    const user = userEvent.setup();
    renderTransfer();
    await screen.findByTestId('transfer-email');
    await fillAndContinue(user, 'ghost@example.com', '2');
    await user.click(screen.getByTestId('transfer-confirm'));

    await waitFor(() => expect(errorOf('transfer-email')).toBe('No account uses this e-mail.'));
    expect(screen.getByTestId('transfer-email')).toHaveValue('ghost@example.com');
    expect(screen.getByTestId('transfer-email')).toHaveFocus();
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();

    reply = json(
      {
        message: 'Invalid input.',
        code: 'VALIDATION_FAILED',
        errors: { amount: ['Must be less than or equal to 12.5.'] },
        fields: { amount: [{ code: 'TOO_BIG', params: { count: 12.5 } }] },
      },
      400,
    );
    await user.clear(screen.getByTestId('transfer-email'));
    await user.type(screen.getByTestId('transfer-email'), 'bob@example.com');
    await user.click(screen.getByTestId('transfer-continue'));
    await user.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() => expect(errorOf('transfer-amount')).toBe('Must be less than or equal to 12.5.'));
    const keys = keysSent(api);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('any other failure goes to /transfer-failed with the server message', async () => {
    stubApi({ ...quiet, 'POST /user/transfers': () => json({ message: 'Verify your e-mail first', code: 'EMAIL_NOT_VERIFIED' }, 403) });
    const user = userEvent.setup();
    const { router } = renderTransfer();
    await screen.findByTestId('transfer-email');
    await fillAndContinue(user, 'bob@example.com', '1');
    await user.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer-failed'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer failed' })).toBeInTheDocument();
    expect(screen.getByTestId('transfer-failed-reason')).toHaveTextContent('Verify your e-mail first.');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard/balance-transfer');
  });

  it('states what may be sent now (card top-ups held a day, the daily limit) and refuses more before sending', async () => {
    const api = stubApi({
      ...quiet,
      'GET /user/transfers/allowance': () => ({
        message: 'success',
        data: { balance: 40, held: 30, transferable: 10, daily_limit: 500, sent_today: 20, left_today: 480, on_hold: false },
      }),
    });
    const user = userEvent.setup();
    renderTransfer();
    expect(
      await screen.findByText("You can send $10.00 now · $30.00 from card top-ups is held for 24 hours · $480.00 left of today's $500.00 limit"),
    ).toBeInTheDocument();
    expect(screen.getByTestId('transfer-limits')).toHaveTextContent(
      'You can send up to $500.00 a day (the day starts at 00:00 UTC). Money topped up by card can be sent on 24 hours after it lands',
    );
    await fillAndContinue(user, 'bob@example.com', '10.01');
    expect(errorOf('transfer-amount')).toBe('More than you can send now: card top-ups can be sent on 24 hours after they land.');
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();
    await user.clear(screen.getByTestId('transfer-amount'));
    await user.type(screen.getByTestId('transfer-amount'), '40.01');
    expect(errorOf('transfer-amount')).toBe('More than your balance.');
    await user.clear(screen.getByTestId('transfer-amount'));
    await user.type(screen.getByTestId('transfer-amount'), '10');
    expect(errorOf('transfer-amount')).toBeUndefined();
    expect(api.requestsTo('POST /user/transfers')).toHaveLength(0);
  });

  it("the server's daily-limit refusal shows under the amount, in Russian too", async () => {
    await i18n.changeLanguage('ru');
    try {
      stubApi({
        ...quiet,
        'POST /user/transfers': () =>
          json(
            {
              message: 'Invalid request',
              code: 'VALIDATION_FAILED',
              errors: { amount: ['Over the daily transfer limit of $500 (it starts again at 00:00 UTC).'] },
              fields: { amount: [{ code: 'OVER_DAILY_LIMIT', params: { limit: 500 } }] },
            },
            400,
          ),
      });
      const user = userEvent.setup();
      renderTransfer();
      await screen.findByTestId('transfer-email');
      await fillAndContinue(user, 'bob@example.com', '5');
      await user.click(screen.getByTestId('transfer-confirm'));
      await waitFor(() => expect(errorOf('transfer-amount')).toBe('Больше дневного лимита переводов 500,00\u00a0$ (он обновляется в 00:00 UTC).'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('an account on hold (a card payment taken back) is told, and cannot continue', async () => {
    stubApi({
      ...quiet,
      'GET /user/transfers/allowance': () => ({
        message: 'success',
        data: { balance: -20, held: 0, transferable: 0, daily_limit: 500, sent_today: 0, left_today: 500, on_hold: true },
      }),
    });
    renderTransfer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is on hold because a card payment was disputed or refunded.');
    expect(screen.getByTestId('transfer-continue')).toBeDisabled();
  });

  it('an unverified e-mail is told before sending', async () => {
    resetSignedIn();
    signInAs({ ...verifiedUser, email_verified_at: null });
    stubApi(quiet);
    renderTransfer();
    const notice = await screen.findByText(/Confirm your e-mail address before sending money/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });
});
