import { NumberType, type Rental } from '@numbernest/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { rental } from '@/features/rentals/test-fixtures';
import { RentalCode } from './RentalCode';

const minute = 60_000;
const reply = (data: Rental, balance?: number) => ({ message: 'success', data, ...(balance === undefined ? {} : { balance }) });

afterEach(() => {
  vi.useRealTimers();
});

describe('the rental code block', () => {
  it('shows the last code large with Copy, or the wait for it', () => {
    const coded = rental(1, {
      messages_count: 1,
      last_message: { body: 'G-123456 is your code', code: '123456', from: 'Google', received_at: new Date().toISOString() },
    });
    const { unmount } = renderWithProviders(<RentalCode rental={coded} />);
    expect(screen.getByTestId('rental-code')).toHaveAttribute('data-state', 'code');
    expect(screen.getByTestId('otp-code')).toHaveTextContent('123456');
    expect(screen.getByTestId('otp-code').closest('.otp')).toHaveClass('otp--lg');
    unmount();
    renderWithProviders(<RentalCode rental={rental(2)} />);
    expect(screen.getByTestId('rental-code')).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByText('Waiting for the WhatsApp code…')).toBeInTheDocument();
    expect(screen.queryByTestId('otp-code')).toBeNull();
  });

  it('counts the refund window and the end down each second without asking the server, and says what happened at zero', async () => {
    vi.useFakeTimers();
    const now = Date.parse('2026-11-28T10:00:00.000Z');
    vi.setSystemTime(now);
    const api = stubApi({});
    const shared = rental(1, {
      started_at: new Date(now - 20 * minute + 2_000).toISOString(),
      expires_at: new Date(now + 3_000).toISOString(),
      price: 1.35,
    });
    expect(shared.refundable).toBe(true);
    renderWithProviders(<RentalCode rental={shared} />);
    expect(screen.getByTestId('timer-refund-left')).toHaveTextContent('00:02');
    expect(screen.getByTestId('timer-refund-text')).toHaveTextContent('Close it unused before this reaches zero and the $1.35 comes back');
    expect(screen.getByTestId('timer-end-left')).toHaveTextContent('00:03');
    expect(screen.getByTestId('timer-end-text')).toHaveTextContent('At zero the number is released');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('timer-refund-left')).toHaveTextContent('00:01');
    expect(screen.getByTestId('timer-end-left')).toHaveTextContent('00:02');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('timer-refund-left')).toHaveTextContent('00:00');
    expect(screen.getByTestId('timer-refund-text')).toHaveTextContent('The refund window is over: closing it now refunds nothing.');
    expect(screen.getByTestId('timer-end-text')).toHaveTextContent('At zero the number is released');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('timer-end-left')).toHaveTextContent('00:00');
    expect(screen.getByTestId('timer-end-text')).toHaveTextContent('Time is up: the number is being released.');
    expect(api.requests).toHaveLength(0);
  });

  it('an unused activation says its price comes back by itself at zero, and that it did', async () => {
    vi.useFakeTimers();
    const now = Date.parse('2026-11-28T10:00:00.000Z');
    vi.setSystemTime(now);
    stubApi({});
    const activation = rental(1, {
      type: NumberType.Temporary,
      started_at: new Date(now - 19 * minute).toISOString(),
      expires_at: new Date(now + minute).toISOString(),
      price: 0.5,
    });
    renderWithProviders(<RentalCode rental={activation} />);
    expect(screen.queryByTestId('timer-refund')).toBeNull(); // its refund is its end
    expect(screen.getByTestId('timer-end')).toHaveTextContent('Activation ends in');
    expect(screen.getByTestId('timer-end-left')).toHaveTextContent('01:00');
    expect(screen.getByTestId('timer-end-text')).toHaveTextContent('If no code comes before this reaches zero, the activation ends and the $0.50 comes back');
    await act(() => vi.advanceTimersByTimeAsync(minute));
    expect(screen.getByTestId('timer-end-text')).toHaveTextContent('Time is up without a code: the $0.50 is on its way back to your balance.');
  });
});

describe('a Temporary activation', () => {
  const coded = (change: Partial<Rental> = {}) =>
    rental(1, {
      type: NumberType.Temporary,
      started_at: new Date(Date.now() - 5 * minute).toISOString(),
      expires_at: new Date(Date.now() + 15 * minute).toISOString(),
      price: 0.5,
      messages_count: 1,
      last_message: { body: 'G-123456 is your code', code: '123456', from: 'Google', received_at: new Date().toISOString() },
      ...change,
    });

  it('offers Finish, Request another code and Report number once a code came; only Report before', () => {
    const { unmount } = renderWithProviders(<RentalCode rental={coded()} />);
    const actions = screen.getByRole('group', { name: 'Activation actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Finish', 'Request another code', 'Report number']);
    unmount();
    renderWithProviders(<RentalCode rental={coded({ messages_count: 0, last_message: null })} />);
    expect(
      within(screen.getByRole('group', { name: 'Activation actions' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Report number']);
  });

  it('Finish and Request another code ask the server and show its answer', async () => {
    const activation = coded();
    const api = stubApi({
      [`POST /user/rentals/${activation.id}/finish`]: () =>
        reply({ ...activation, status: 'inactive', ended: 'completed', can_finish: false, can_request_another_code: false, can_report: [] }),
      [`POST /user/rentals/${activation.id}/another-code`]: () => reply({ ...activation, another_code_requested: true }),
      'GET /user/balance': () => ({ message: 'success', balance: 1, account_hold: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RentalCode rental={activation} />);
    await user.click(screen.getByTestId('activation-another-code'));
    await waitFor(() => expect(api.requestsTo(`POST /user/rentals/${activation.id}/another-code`)).toHaveLength(1));
    expect(await screen.findByText('Waiting for another code on the same number.')).toBeInTheDocument();
    await user.click(screen.getByTestId('activation-finish'));
    await waitFor(() => expect(api.requestsTo(`POST /user/rentals/${activation.id}/finish`)).toHaveLength(1));
    expect(await screen.findByText('Activation finished. The number is released.')).toBeInTheDocument();
  });

  it('shows the wait for another code with the spent one named', () => {
    renderWithProviders(<RentalCode rental={coded({ another_code_requested: true })} />);
    expect(screen.getByTestId('rental-code')).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByText('Waiting for another code…')).toBeInTheDocument();
    expect(screen.getByText(/The last code, 123456, counts as used/)).toBeInTheDocument();
    expect(screen.getByTestId('activation-another-code')).toBeDisabled();
  });

  it('Report number: only the reasons the server allows, what it does said beforehand, the refund after', async () => {
    const activation = coded();
    const api = stubApi({
      [`POST /user/rentals/${activation.id}/report`]: () =>
        reply(
          {
            ...activation,
            status: 'inactive',
            ended: 'refunded',
            reported: 'already_used',
            can_report: [],
            can_finish: false,
            can_request_another_code: false,
          },
          10.5,
        ),
      'GET /user/balance': () => ({ message: 'success', balance: 10.5, account_hold: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RentalCode rental={activation} />);
    await user.click(screen.getByTestId('activation-report'));
    const dialog = await screen.findByRole('dialog', { name: `Report ${activation.number}` });
    expect(within(dialog).getByTestId('report-reason-not_delivered')).toBeDisabled();
    expect(within(dialog).getByTestId('report-reason-already_used')).toBeChecked();
    expect(dialog).toHaveTextContent('The $0.50 comes back to your balance, and this number is no longer sold for WhatsApp.');
    await user.click(within(dialog).getByTestId('rental-report-confirm'));
    await waitFor(() => expect(api.requestsTo(`POST /user/rentals/${activation.id}/report`)).toHaveLength(1));
    expect(api.requestsTo(`POST /user/rentals/${activation.id}/report`)[0]!.body).toEqual({ reason: 'already_used' });
    expect(await screen.findByText('Number reported: $0.50 is back on your balance.')).toBeInTheDocument();
  });
});
