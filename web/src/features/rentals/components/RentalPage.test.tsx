import { NumberType, type Rental } from '@numbernest/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs, verifiedUser } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import { whatsapp, privateCountries, rentTimes } from '@/test/catalog-fixtures';
import { message, messagesPage, rental } from '@/features/rentals/test-fixtures';
import RentalPage from './RentalPage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const id = 'r0000000001';
const reply = (data: Rental, balance?: number) => ({ message: 'success', data, ...(balance === undefined ? {} : { balance }) });

const quiet = {
  'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
  'GET /user/transactions': () => ({ message: 'success', data: { current_page: 0, per_page: 20, data: [], next_page: null } }),
  'GET /mobile-number-rent-times': () => ({ data: rentTimes }),
  'GET /mobile-number-providers/1': () => ({ data: [whatsapp] }),
  'GET /private-numbers': () => ({ data: privateCountries }),
};

const renderRental = (rentalId = id) => renderRoutes([{ path: '/dashboard/my-number/:id', element: <RentalPage /> }], `/dashboard/my-number/${rentalId}`);

/** Replaces navigator.clipboard (after userEvent.setup(), which installs its own). */
function mockClipboard() {
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('a rental page', { timeout: slowMachineMs }, () => {
  it('shows Number Details with a live countdown and the price paid', async () => {
    const active = rental(1, { expires_at: new Date(Date.now() + (2 * 24 + 4) * 60 * 60_000 + 30_000).toISOString(), price: 13.5, messages_count: 0 });
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(active), 'GET /user/messages': () => messagesPage([]) });
    renderRental();
    expect(await screen.findByRole('heading', { level: 1, name: '+447700900101' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Number Details' });
    expect(within(details).getByTestId('rental-number')).toHaveTextContent('+447700900101');
    for (const text of ['United Kingdom', 'WhatsApp', 'Shared', 'Active', '$13.50']) expect(details).toHaveTextContent(text);
    expect(within(details).getByTestId('rental-countdown')).toHaveTextContent('2 d 4 h');
    expect(within(details).getByTestId('rental-extend')).toBeInTheDocument();
    expect(within(details).getByTestId('rental-close')).toBeInTheDocument();
    expect(await screen.findByText('Waiting for a message…')).toBeInTheDocument();
    expect(screen.queryByTestId('start-chat')).toBeNull();
  });

  it('renders a message body as text, never as HTML, and the code large with one-click Copy', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const api = stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { messages_count: 1 })),
      'GET /user/messages': () => messagesPage([message(1, { body: `${hostile} Your code is 482913`, code: '482913', from: 'Telegram' })]),
    });
    const user = userEvent.setup();
    const writeText = mockClipboard();
    renderRental();

    const row = await screen.findByTestId('message-row');
    const body = within(row).getByTestId('message-body');
    expect(body).toHaveTextContent(`${hostile} Your code is 482913`);
    expect(body.textContent).toContain('<script>alert(1)</script>');
    expect(document.querySelector('script')).toBeNull();
    expect(row.querySelector('img')).toBeNull();
    expect(body.children).toHaveLength(0);
    expect(row).toHaveTextContent('From Telegram');

    const code = within(row).getByTestId('otp-code');
    expect(code).toHaveTextContent('482913');
    expect(code.closest('.otp')).toHaveClass('otp--md'); // large once, in the code block above
    await user.click(within(row).getByTestId('otp-copy'));
    expect(writeText).toHaveBeenCalledWith('482913');
    expect(within(row).getByTestId('otp-copy')).toHaveTextContent('Copied');
    expect(screen.getByText('482913 copied to the clipboard')).toBeInTheDocument();
    expect(api.requestsTo('GET /user/messages')[0]!.url.search).toBe(`?rental_id=${id}&page=0`);
  });

  it('puts the code first, above Number Details and the messages', async () => {
    const coded = rental(1, {
      messages_count: 1,
      last_message: { body: 'Your code is 482913', code: '482913', from: 'WhatsApp', received_at: new Date().toISOString() },
    });
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(coded), 'GET /user/messages': () => messagesPage([message(1, { code: '482913' })]) });
    renderRental();
    const block = await screen.findByRole('region', { name: 'Your code' });
    const details = screen.getByRole('region', { name: 'Number Details' });
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(block.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(details.compareDocumentPosition(messages) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(block.closest('.rental-layout__code')).not.toBeNull();
    expect(within(block).getByTestId('otp-code')).toHaveTextContent('482913');
    expect(within(block).getByTestId('otp-code').closest('.otp')).toHaveClass('otp--lg');
  });

  it('shows an SMS from a sender the service does not use collapsed, as a message and never a code; the count agrees with the list', async () => {
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { messages_count: 1, other_messages_count: 1 })),
      'GET /user/messages': () =>
        messagesPage([
          message(2, { body: 'WhatsApp code: 111-222', code: '111222', from: '+15550001111', verified: false }),
          message(1, { body: 'WhatsApp code: 333-444', code: '333444', from: 'WhatsApp', verified: true }),
        ]),
    });
    const user = userEvent.setup();
    renderRental();
    const rows = await screen.findAllByTestId('message-row');
    const [other, code] = rows;
    expect(within(other!).queryByTestId('otp-code')).toBeNull();
    expect(within(other!).queryByTestId('otp-copy')).toBeNull();
    const collapsed = other!.querySelector('details')!;
    expect(collapsed.open).toBe(false);
    expect(within(other!).getByTestId('message-other-summary')).toHaveTextContent('From +15550001111');
    await user.click(within(other!).getByTestId('message-other-summary'));
    expect(collapsed.open).toBe(true);
    expect(within(other!).getByTestId('message-body')).toHaveTextContent('WhatsApp code: 111-222');
    expect(within(code!).getByTestId('otp-code')).toHaveTextContent('333444');

    const details = screen.getByRole('region', { name: 'Number Details' });
    expect(within(details).getByTestId('rental-messages-count')).toHaveTextContent(String(rows.length));
    expect(within(details).getByTestId('rental-messages-parts')).toHaveTextContent('1 from the service · 1 from another sender');
  });

  it('labels a message whose sender the service does not use as unverified; others carry no label', async () => {
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { messages_count: 1 })),
      'GET /user/messages': () =>
        messagesPage([
          message(2, { body: 'WhatsApp code: 111-222', code: '111222', from: '+15550001111', verified: false }),
          message(1, { body: 'WhatsApp code: 333-444', code: '333444', from: 'WhatsApp', verified: true }),
        ]),
    });
    renderRental();
    await screen.findAllByTestId('message-row');
    const [unverified, verified] = screen.getAllByTestId('message-row');
    expect(within(unverified!).getByTestId('message-unverified')).toHaveTextContent('Unverified sender');
    expect(within(unverified!).getByTestId('message-unverified')).toHaveAttribute('title', expect.stringContaining('does not count'));
    expect(unverified).toHaveAttribute('data-verified', 'false');
    expect(within(verified!).queryByTestId('message-unverified')).toBeNull();
    expect(verified).toHaveAttribute('data-verified', 'true');
  });

  it('says when a text was cut, with its length as received; an uncut one says nothing', async () => {
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { messages_count: 2 })),
      'GET /user/messages': () =>
        messagesPage([message(2, { body: `${'a.'.repeat(1999)}a…`, code: '482913', received_length: 450_000 }), message(1, { body: 'Your code is 1234' })]),
    });
    renderRental();
    await screen.findAllByTestId('message-row');
    const [cut, whole] = screen.getAllByTestId('message-row');
    expect(within(cut!).getByTestId('message-cut')).toHaveTextContent('Cut short: the SMS had 450,000 characters; its start is shown.');
    expect(within(whole!).queryByTestId('message-cut')).toBeNull();
  });

  it('Copy next to the number puts the number on the clipboard', async () => {
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(rental(1)), 'GET /user/messages': () => messagesPage([]) });
    const user = userEvent.setup();
    const writeText = mockClipboard();
    renderRental();
    await user.click(await screen.findByTestId('rental-number-copy'));
    expect(writeText).toHaveBeenCalledWith('+447700900101');
  });

  it('Close warns before confirming that there is no refund after a message has arrived', async () => {
    let current = rental(1, { messages_count: 2 });
    const api = stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(current),
      'GET /user/messages': () => messagesPage([message(1), message(2)]),
      [`POST /user/rentals/${id}/close`]: () => {
        current = { ...current, status: 'inactive', ended: 'closed' };
        return reply(current);
      },
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-close'));
    const dialog = screen.getByRole('dialog', { name: 'Close +447700900101?' });
    expect(within(dialog).getByTestId('rental-close-warning')).toHaveTextContent('There is no refund after a message has arrived');
    expect(within(dialog).getByTestId('rental-close-warning')).toHaveTextContent('2 messages have already arrived');
    expect(within(dialog).queryByTestId('rental-close-refund')).toBeNull();
    expect(api.requestsTo(`POST /user/rentals/${id}/close`)).toHaveLength(0);

    await user.click(within(dialog).getByTestId('rental-close-confirm'));
    const result = await screen.findByTestId('rental-close-result');
    expect(result).toHaveAttribute('data-ended', 'closed');
    expect(result).toHaveTextContent('Number closed without a refund.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Number Details' })).toHaveTextContent('Closed');
    expect(screen.queryByTestId('rental-close')).toBeNull();
    expect(screen.queryByTestId('rental-extend')).toBeNull();
    expect(screen.getByTestId('rental-countdown')).toHaveTextContent('Ended');
  });

  it('Close with no message says the cost comes back, then shows the refund and the new balance', async () => {
    let current = rental(1, { price: 3.5, started_at: new Date(Date.now() - 5 * 60_000).toISOString() });
    let balance = 9;
    stubApi({
      ...quiet,
      'GET /user/balance': () => ({ message: 'success', balance, account_hold: null }),
      [`GET /user/rentals/${id}`]: () => reply(current),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/close`]: () => {
        current = { ...current, status: 'inactive', ended: 'refunded' };
        balance = 12.5;
        return reply(current, balance);
      },
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-close'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('rental-close-refund')).toHaveTextContent('the $3.50 you paid goes back to your balance');
    expect(within(dialog).queryByTestId('rental-close-warning')).toBeNull();
    await user.click(within(dialog).getByTestId('rental-close-confirm'));
    expect(await screen.findByTestId('rental-close-result')).toHaveTextContent('Number closed. $3.50 went back to your balance.');
    await waitFor(() => expect(authState.get().user?.balance).toBe(12.5));
  });

  it('Close says why there is no refund: an SMS was sent, the 20 minutes are over, or it came without them; the refund window counts down', async () => {
    const cases: Array<[Partial<Rental>, string]> = [
      [{ sent_count: 1, started_at: new Date(Date.now() - 60_000).toISOString() }, 'An SMS has been sent from this number'],
      [{}, 'refunded only when closed unused within 20 minutes of purchase'],
      [{ refund_window: false, started_at: new Date(Date.now() - 60_000).toISOString() }, "bought while your account's standing was Limited"],
    ];
    for (const [change, text] of cases) {
      stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(rental(1, change)), 'GET /user/messages': () => messagesPage([]) });
      const user = userEvent.setup();
      const { unmount } = renderRental();
      await user.click(await screen.findByTestId('rental-close'));
      expect(within(screen.getByRole('dialog')).getByTestId('rental-close-warning')).toHaveTextContent(text);
      unmount();
    }
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { started_at: new Date(Date.now() - 5 * 60_000 - 30_000).toISOString() })),
      'GET /user/messages': () => messagesPage([]),
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-close'));
    expect(within(screen.getByRole('dialog')).getByTestId('rental-close-refund')).toHaveTextContent(/first 20 minutes after purchase: 14:(29|30) left/);
  });

  it('a new activation cannot be cancelled in its first two minutes: the button counts down and sends nothing', async () => {
    const activation = rental(1, {
      type: NumberType.Temporary,
      started_at: new Date(Date.now() - 30_000).toISOString(),
      expires_at: new Date(Date.now() + 19.5 * 60_000).toISOString(),
    });
    const api = stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(activation),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/close`]: () => reply({ ...activation, status: 'inactive', ended: 'refunded' }),
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-close'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('rental-close-wait')).toHaveTextContent(/You can cancel it in 01:(29|30)/);
    expect(within(dialog).getByTestId('rental-close-confirm')).toBeDisabled();
    expect(within(dialog).getByTestId('rental-close-confirm')).toHaveTextContent(/Close in 01:(29|30)/);
    expect(within(dialog).getByTestId('rental-close-refund')).toHaveTextContent('No code has arrived yet');
    await user.click(within(dialog).getByTestId('rental-close-confirm'));
    expect(api.requestsTo(`POST /user/rentals/${id}/close`)).toHaveLength(0);
  });

  it('a refused close (429) says from when a refunded close works again', async () => {
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { started_at: new Date(Date.now() - 60_000).toISOString() })),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/close`]: () =>
        new Response(
          JSON.stringify({
            message: 'You have closed 20 numbers for a refund this hour, the most one account may; try again when the hour is over',
            code: 'REFUND_LIMIT_HOUR',
            params: { limit: 20 },
          }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '600' } },
        ),
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-close'));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByTestId('rental-close-confirm'));
    expect(await within(dialog).findByText(/20 an hour, 60 a day\). You can close this one for a refund again from/)).toBeInTheDocument();
    expect(screen.getByTestId('rental-close')).toBeInTheDocument(); // still active
  });

  it('Extend prices each period like the picker and sends rent_time_id with an Idempotency-Key', async () => {
    signInAs({ ...verifiedUser, balance: 20 });
    const before = rental(1);
    const after = { ...before, expires_at: new Date(Date.parse(before.expires_at) + 30 * 24 * 60 * 60_000).toISOString(), price: 17 };
    const api = stubApi({
      ...quiet,
      'GET /user/balance': () => ({ message: 'success', balance: 20, account_hold: null }),
      [`GET /user/rentals/${id}`]: () => reply(before),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/extend`]: () => reply(after, 6.5),
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-extend'));
    const dialog = screen.getByRole('dialog', { name: 'Extend +447700900101' });
    const period = await within(dialog).findByTestId('rental-extend-period');
    // WhatsApp: $0.50/day, $1.50 off a month.
    expect(within(period).getByRole('option', { name: '1 Week — $3.50' })).toBeInTheDocument();
    expect(within(period).getByRole('option', { name: '1 Month — $13.50' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('rental-extend-confirm')).toBeDisabled();
    await user.selectOptions(period, '3');
    expect(within(dialog).getByTestId('rental-extend-confirm')).toHaveTextContent('Extend for $13.50');
    await user.click(within(dialog).getByTestId('rental-extend-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [request] = api.requestsTo(`POST /user/rentals/${id}/extend`);
    expect(request!.body).toEqual({ rent_time_id: 3 });
    const [, init] = api.mock.calls.find(([input]) => String(input).endsWith('/extend'))!;
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(await screen.findByText(/Rental extended until/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Number Details' })).toHaveTextContent('$17.00');
  });

  it('Extend short of balance shows the shortfall with a Top up back to the rental', async () => {
    signInAs({ ...verifiedUser, balance: 1 });
    stubApi({
      ...quiet,
      'GET /user/balance': () => ({ message: 'success', balance: 1, account_hold: null }),
      [`GET /user/rentals/${id}`]: () => reply(rental(1)),
      'GET /user/messages': () => messagesPage([]),
    });
    const user = userEvent.setup();
    renderRental();
    await user.click(await screen.findByTestId('rental-extend'));
    await user.selectOptions(await screen.findByTestId('rental-extend-period'), '1');
    const shortfall = screen.getByTestId('extend-shortfall');
    expect(shortfall).toHaveTextContent('Your balance is $2.50 short');
    expect(within(shortfall).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', `/dashboard/topup-balance?return=/dashboard/my-number/${id}`);
    expect(screen.getByTestId('rental-extend-confirm')).toBeDisabled();
  });

  it('Temporary cannot be extended; Private shows Start Chat, a form to send an SMS', async () => {
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(rental(1, { type: NumberType.Temporary })), 'GET /user/messages': () => messagesPage([]) });
    const first = renderRental();
    expect(await screen.findByTestId('rental-close')).toBeInTheDocument();
    expect(screen.queryByTestId('rental-extend')).toBeNull();
    first.unmount();

    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(rental(1, { type: NumberType.Private, service: null })),
      'GET /user/messages': () => messagesPage([]),
    });
    renderRental();
    expect(await screen.findByTestId('rental-extend')).toBeInTheDocument();
    const chat = screen.getByTestId('start-chat');
    expect(within(chat).getByTestId('chat-to')).toBeEnabled();
    expect(within(chat).getByTestId('chat-body')).toBeEnabled();
    expect(within(chat).getByTestId('chat-send')).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Number Details' })).toHaveTextContent('All services');
  });

  it("another account's rental (404) is not found", async () => {
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => json({ message: 'Rental not found', code: 'RENTAL_NOT_FOUND' }, 404) });
    renderRental();
    expect(await screen.findByRole('heading', { level: 1, name: 'Number not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All my numbers' })).toHaveAttribute('href', '/dashboard/my-number');
  });
});
