import { NumberType, type Message, type Rental } from '@numbernest/contracts';
import { countSegments } from '@numbernest/core/sms-segments';
import { quoteSms } from '@numbernest/core/sms-tariff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import { privateCountries, rentTimes } from '@/test/catalog-fixtures';
import { message, messagesPage, rental } from '@/features/rentals/test-fixtures';
import RentalPage from './RentalPage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const id = 'r0000000001';
const privateRental = (change: Partial<Rental> = {}) => rental(1, { type: NumberType.Private, service: null, ...change });
const reply = (data: Rental) => ({ message: 'success', data });
const quiet = {
  'GET /user/balance': () => ({ message: 'success', balance: 12.5 }),
  'GET /user/transactions': () => ({ message: 'success', data: { current_page: 0, per_page: 20, data: [], next_page: null } }),
  'GET /mobile-number-rent-times': () => ({ data: rentTimes }),
  'GET /private-numbers': () => ({ data: privateCountries }),
};

const renderRental = () => renderRoutes([{ path: '/dashboard/my-number/:id', element: <RentalPage /> }], `/dashboard/my-number/${id}`);

/** A Sent message as the API answers it. */
const sentMessage = (change: Partial<Message> = {}): Message =>
  message(1, { box: 'sent', from: '+447700900101', to: '+14155550100', body: 'Hello there', code: null, price: 0.05, segments: 1, status: 'sent', ...change });

/** The Idempotency-Key of each POST that went out. */
function keysSent(api: ReturnType<typeof stubApi>): string[] {
  return api.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']!);
}

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Start Chat on a Private number', { timeout: slowMachineMs }, () => {
  it('prices the text live by its segments, with the same function the server charges by', async () => {
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(privateRental()), 'GET /user/messages': () => messagesPage([]) });
    const user = userEvent.setup();
    renderRental();
    const body = await screen.findByTestId('chat-body');
    const price = screen.getByTestId('chat-price');
    const send = screen.getByTestId('chat-send');
    expect(price).toHaveTextContent('0 SMS');
    expect(screen.getByTestId('chat-encoding')).toHaveTextContent('Up to 200 SMS a day, to at most 10 different numbers.');
    expect(send).toBeDisabled();
    // The price per SMS is the destination's: known once the number is.
    await user.type(screen.getByTestId('chat-to'), '+14155550100');
    expect(screen.getByTestId('chat-rate')).toHaveTextContent('To United States: $0.05 per SMS');
    expect(price).toHaveTextContent('0 SMS · $0.00');

    const cases: Array<[string, string]> = [
      ['Hello', '1 SMS · $0.05'],
      ['a'.repeat(160), '1 SMS · $0.05'],
      ['a'.repeat(161), '2 SMS · $0.10'],
      ['€'.repeat(80), '1 SMS · $0.05'], // two septets each: 160
      ['[x]'.repeat(41), '2 SMS · $0.10'], // 164 septets
      ['Привет'.repeat(11) + 'ж'.repeat(4), '1 SMS · $0.05'], // 70 UCS-2 units
      ['Привет'.repeat(11) + 'ж'.repeat(5), '2 SMS · $0.10'],
      ['😀'.repeat(36), '2 SMS · $0.10'],
      ['a'.repeat(459) + '€', '4 SMS · $0.20'],
    ];
    for (const [text, shown] of cases) {
      await user.clear(body);
      await user.click(body);
      await user.paste(text);
      expect(price, text).toHaveTextContent(shown);
      expect(Number(price.dataset.segments)).toBe(countSegments(text).segments);
    }
    expect(screen.getByTestId('chat-encoding')).toHaveTextContent('151 characters left in this SMS');
    await user.clear(body);
    await user.paste('Привет');
    expect(screen.getByTestId('chat-encoding')).toHaveTextContent('64 left in this one');

    // Send stays disabled until the number is in international format.
    await user.clear(screen.getByTestId('chat-to'));
    expect(send).toBeDisabled();
    await user.type(screen.getByTestId('chat-to'), '4155550100');
    await user.tab();
    expect(screen.getByText(/international format: \+ and the country code/)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.clear(screen.getByTestId('chat-to'));
    await user.type(screen.getByTestId('chat-to'), '+447700900101');
    expect(screen.getByText(/the number you send from/)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.clear(screen.getByTestId('chat-to'));
    await user.type(screen.getByTestId('chat-to'), '+14155550100');
    expect(send).toBeEnabled();
    expect(send).toHaveTextContent('Send for $0.05');
    // Blank text is not a message.
    await user.clear(body);
    await user.type(body, '   ');
    expect(send).toBeDisabled();
  });

  it('prices each destination as the number is typed, says when a country is not offered, and prices the longest text whole', async () => {
    stubApi({ ...quiet, [`GET /user/rentals/${id}`]: () => reply(privateRental()), 'GET /user/messages': () => messagesPage([]) });
    const user = userEvent.setup();
    renderRental();
    const to = await screen.findByTestId('chat-to');
    const body = screen.getByTestId('chat-body');
    const price = screen.getByTestId('chat-price');
    const send = screen.getByTestId('chat-send');
    await user.click(body);
    await user.paste('a'.repeat(161));
    expect(price).toHaveTextContent('2 SMS');
    expect(price).not.toHaveTextContent('$');

    await user.type(to, '+971501234567');
    expect(screen.getByTestId('chat-rate')).toHaveTextContent('To United Arab Emirates: $0.14 per SMS');
    expect(price).toHaveTextContent('2 SMS · $0.28');
    expect(Number(price.dataset.cents)).toBe(quoteSms('+971501234567', 'a'.repeat(161)).priceCents);
    expect(send).toHaveTextContent('Send for $0.28');
    expect(send).toBeEnabled();

    // A full number of a country not offered: said at once, nothing to send.
    await user.clear(to);
    await user.type(to, '+447911123456');
    expect(screen.getByTestId('chat-to-error')).toHaveTextContent(/Start Chat sends SMS only to numbers in .*United States/);
    expect(screen.queryByTestId('chat-rate')).toBeNull();
    expect(price).toHaveTextContent('2 SMS');
    expect(send).toBeDisabled();

    // The longest text is priced whole: 1,600 Cyrillic characters are 24 segments.
    await user.clear(to);
    await user.type(to, '+14155550100');
    await user.clear(body);
    await user.click(body);
    await user.paste('ж'.repeat(1600));
    expect(price).toHaveTextContent('24 SMS · $1.20');
    expect(send).toBeEnabled();
  });

  it('over a daily cap (429): says so with the server’s words; 202: sent but not confirmed yet', async () => {
    let calls = 0;
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(privateRental()),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/messages`]: () => {
        calls += 1;
        if (calls === 1) return json({ message: 'Start Chat writes to at most 10 different numbers a day per account.' }, 429);
        return json({ message: 'success', data: sentMessage({ status: 'sending' }), balance: 12.45 }, 202);
      },
    });
    const user = userEvent.setup();
    renderRental();
    await user.type(await screen.findByTestId('chat-to'), '+14155550100');
    await user.type(screen.getByTestId('chat-body'), 'Hello there');
    await user.click(screen.getByTestId('chat-send'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The SMS was not sent: a daily limit is reached. Nothing was charged.');
    expect(alert).toHaveTextContent('at most 10 different numbers a day');

    await user.click(screen.getByTestId('chat-send'));
    expect(await screen.findByTestId('chat-sent')).toHaveTextContent(
      'Sent to +14155550100, but the SMS provider has not confirmed it yet. If it did not go, the $0.05 comes back',
    );
  });

  it('sends: POST { to, body } with an Idempotency-Key; the conversation shows it sent, the balance follows', async () => {
    let messages: Message[] = [];
    const api = stubApi({
      ...quiet,
      'GET /user/balance': () => ({ message: 'success', balance: 12.4 }),
      [`GET /user/rentals/${id}`]: () => reply(privateRental()),
      'GET /user/messages': () => messagesPage(messages),
      [`POST /user/rentals/${id}/messages`]: (request) => {
        const { to, body } = request as { to: string; body: string };
        messages = [sentMessage({ to, body, price: 0.1, segments: 2 })];
        return json({ message: 'success', data: messages[0], balance: 12.4 }, 201);
      },
    });
    const user = userEvent.setup();
    renderRental();
    expect(await screen.findByText('Waiting for a message…')).toBeInTheDocument();
    await user.type(screen.getByTestId('chat-to'), ' +14155550100 ');
    const text = `  ${'Hi! '.repeat(45)}  `;
    await user.click(screen.getByTestId('chat-body'));
    await user.paste(text);
    expect(screen.getByTestId('chat-price')).toHaveTextContent('2 SMS · $0.10'); // the trimmed text: 179 characters
    await user.click(screen.getByTestId('chat-send'));

    expect(await screen.findByTestId('chat-sent')).toHaveTextContent('Sent to +14155550100');
    expect(api.requestsTo(`POST /user/rentals/${id}/messages`).map((r) => r.body)).toEqual([{ to: '+14155550100', body: text.trim() }]);
    expect(keysSent(api)[0]).toMatch(/^[0-9a-f-]{16,}$/);
    expect(screen.getByTestId('chat-body')).toHaveValue('');
    expect(screen.getByTestId('chat-to')).toHaveValue(' +14155550100 ');

    const row = await screen.findByTestId('message-row');
    expect(row).toHaveAttribute('data-box', 'sent');
    expect(row).toHaveAttribute('data-status', 'sent');
    expect(row).toHaveTextContent('To +14155550100');
    expect(row).toHaveTextContent('Cost $0.10 · 2 SMS');
    await waitFor(() => expect(authState.get().user?.balance).toBe(12.4));
  });

  it('short of balance: the shortfall and a Top up link that comes back here', async () => {
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(privateRental()),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/messages`]: () => json({ message: 'Not enough balance: $0.02 available', shortfall: 0.03 }, 402),
    });
    const user = userEvent.setup();
    renderRental();
    await user.type(await screen.findByTestId('chat-to'), '+14155550100');
    await user.click(screen.getByTestId('chat-body'));
    await user.paste('Hi'.repeat(81));
    await user.click(screen.getByTestId('chat-send'));
    const shortfall = await screen.findByTestId('chat-shortfall');
    expect(shortfall).toHaveTextContent('Your balance is $0.03 short');
    expect(within(shortfall).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', `/dashboard/topup-balance?return=/dashboard/my-number/${id}`);
    expect(screen.queryByTestId('chat-sent')).toBeNull();
    expect(screen.getByTestId('chat-body')).toHaveValue('Hi'.repeat(81));
  });

  it('not sent (502): says so with the server’s words; the failed message shows as refunded', async () => {
    let messages: Message[] = [];
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(privateRental()),
      'GET /user/messages': () => messagesPage(messages),
      [`POST /user/rentals/${id}/messages`]: () => {
        messages = [sentMessage({ to: '+15005550001', status: 'failed' })];
        return json(
          {
            message:
              "The SMS was not sent: the SMS provider refused it (The 'To' number +15005550001 is not a valid phone number). The $0.05 went back to your balance.",
          },
          502,
        );
      },
    });
    const user = userEvent.setup();
    renderRental();
    await user.type(await screen.findByTestId('chat-to'), '+15005550001');
    await user.type(screen.getByTestId('chat-body'), 'Hello there');
    await user.click(screen.getByTestId('chat-send'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The SMS was not sent, and its price went back to your balance.');
    expect(alert).toHaveTextContent('is not a valid phone number');
    const row = await screen.findByTestId('message-row');
    expect(row).toHaveAttribute('data-status', 'failed');
    expect(within(row).getByTestId('message-status')).toHaveTextContent('Not sent · $0.05 went back to your balance');
  });

  it('after a network error, Send again uses the same Idempotency-Key (sent and charged once)', async () => {
    let calls = 0;
    const api = stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(privateRental()),
      'GET /user/messages': () => messagesPage([]),
      [`POST /user/rentals/${id}/messages`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json({ message: 'success', data: sentMessage(), balance: 12.45 }, 201);
      },
    });
    const user = userEvent.setup();
    renderRental();
    await user.type(await screen.findByTestId('chat-to'), '+14155550100');
    await user.type(screen.getByTestId('chat-body'), 'Hello there');
    await user.click(screen.getByTestId('chat-send'));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no connection to NumberNest');
    await user.click(screen.getByTestId('chat-send'));
    expect(await screen.findByTestId('chat-sent')).toBeInTheDocument();
    const keys = keysSent(api);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('an ended rental cannot send', async () => {
    stubApi({
      ...quiet,
      [`GET /user/rentals/${id}`]: () => reply(privateRental({ status: 'inactive', ended: 'expired' })),
      'GET /user/messages': () => messagesPage([]),
    });
    renderRental();
    const chat = await screen.findByTestId('start-chat');
    expect(chat).toHaveTextContent('This rental has ended, so its number can no longer send SMS.');
    expect(within(chat).getByTestId('chat-to')).toBeDisabled();
    expect(within(chat).getByTestId('chat-body')).toBeDisabled();
    expect(within(chat).getByTestId('chat-send')).toBeDisabled();
  });
});
