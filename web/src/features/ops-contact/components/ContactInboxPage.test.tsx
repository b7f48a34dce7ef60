import type { ContactMessage } from '@numbernest/contracts/ops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import ContactInboxPage from './ContactInboxPage';

const message = (change: Partial<ContactMessage> = {}): ContactMessage => ({
  id: '0mwv8el2p396efe6575e450cf',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Refund question',
  message: 'My Shared number did not receive a code.',
  status: 'new',
  created_at: '2026-03-01T10:00:00.000Z',
  handled_at: null,
  handled_by: null,
  replies: [],
  ...change,
});

afterEach(() => vi.unstubAllGlobals());

describe('ContactInboxPage', () => {
  it('shows New, opens a message, e-mails an answer and shows it under the message; Handled is its own tab', async () => {
    const operator = { sub: 'op', email: 'op@example.com' };
    const answered = message({
      status: 'handled',
      handled_at: '2026-03-01T11:00:00.000Z',
      handled_by: operator,
      replies: [{ id: 'r1', by: operator, at: '2026-03-01T11:00:00.000Z', body: 'Close it from Rentals.' }],
    });
    const api = stubApi({
      'GET /ops/contact-messages': (_body, url) => ({ data: url.searchParams.get('status') === 'new' ? [message()] : [], next_cursor: null }),
      'POST /ops/contact-messages/0mwv8el2p396efe6575e450cf/reply': () => ({ data: answered }),
    });
    renderWithProviders(<ContactInboxPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Refund question/ }));
    const detail = await screen.findByTestId('contact-message-detail');
    expect(within(detail).getByText('My Shared number did not receive a code.')).toBeInTheDocument();

    fireEvent.change(within(detail).getByLabelText('Answer to ada@example.com'), { target: { value: 'Close it from Rentals.' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /ops/contact-messages/0mwv8el2p396efe6575e450cf/reply')[0]?.body).toEqual({ body: 'Close it from Rentals.' }),
    );
    expect(await within(screen.getByTestId('contact-message-detail')).findByText('Close it from Rentals.')).toBeInTheDocument();
    expect(screen.getByText(/Handled by op@example.com/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Handled' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.searchParams.get('status') === 'handled')).toBe(true));
    expect(await screen.findByText('No handled messages yet')).toBeInTheDocument();
  });
});
