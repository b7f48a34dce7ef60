import type { OrphanMessage } from '@numbernest/contracts/ops';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import OrphansPage from './OrphansPage';

const slowMachineMs = 20_000;

const orphan = (id: string, change: Partial<OrphanMessage> = {}): OrphanMessage => ({
  id,
  status: 'open',
  number: '+447700900123',
  number_id: 1234,
  from: 'Google',
  text: `G-482913 is your Google verification code (${id})`,
  code: '482913',
  reason: 'no-active-rental',
  received_at: '2026-03-01T10:00:00.000Z',
  created_at: '2026-03-01T10:00:01.000Z',
  upstream: { provider: 'twilio', message_id: `SM${id}`, device_id: null, sim: null, agent_id: null },
  resolved: null,
  ...change,
});
const page = (data: OrphanMessage[]) => ({ data, next_cursor: null });
const candidate = {
  rental_id: 'r0000000001',
  user: { sub: 'c1', email: 'renter@example.com' },
  service: null,
  started_at: '2026-03-01T11:00:00.000Z',
  expires_at: '2026-03-08T11:00:00.000Z',
};

const renderPage = (path = '/ops/orphan-messages') => renderRoutes([{ path: '/ops/orphan-messages', element: <OrphansPage /> }], path);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('Orphan SMS page', { timeout: slowMachineMs }, () => {
  it('lists the open SMS; Assign offers the rentals of the number and delivers to the chosen one', async () => {
    let open = [orphan('a1'), orphan('a2', { number_id: null, reason: 'unknown-number', from: 'Bank' })];
    const api = stubApi({
      'GET /ops/orphan-messages': () => page(open),
      'GET /ops/orphan-messages/a1/rentals': () => ({ data: [candidate] }),
      'POST /ops/orphan-messages/a1/assign': () => {
        open = open.filter((o) => o.id !== 'a1');
        return { data: orphan('a1', { status: 'assigned' }) };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByTestId('orphans-table');
    expect(within(table).getByText(/\(a1\)/)).toBeInTheDocument();
    expect(within(table).getByText('Not one of our numbers')).toBeInTheDocument();
    expect(within(table).getAllByText('Code 482913')).toHaveLength(2);
    expect(api.requestsTo('GET /ops/orphan-messages')[0]!.url.searchParams.get('status')).toBe('open');

    await user.click(within(table).getAllByRole('button', { name: 'Assign' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Assign the SMS to a rental' });
    expect(await within(dialog).findByText('renter@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio')).toBeChecked(); // the only rental is chosen
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /ops/orphan-messages/a1/assign')[0]!.body).toEqual({ rental_id: 'r0000000001' });
    expect(await screen.findByText('The SMS was delivered to the customer.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/\(a1\)/)).not.toBeInTheDocument());
  });

  it('says when nobody rents the number, and when another operator was first', async () => {
    stubApi({
      'GET /ops/orphan-messages': () => page([orphan('b1')]),
      'GET /ops/orphan-messages/b1/rentals': () => ({ data: [] }),
      'POST /ops/orphan-messages/b1/dismiss': () => json({ message: 'This SMS has already been assigned or dismissed', code: 'ORPHAN_SMS_RESOLVED' }, 409),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Nobody rents this number now/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    const dismiss = await screen.findByRole('dialog', { name: 'Dismiss the SMS' });
    await user.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Another operator has already decided about this SMS.')).toBeInTheDocument();
  });

  it('shows the dismissed ones with who decided and why', async () => {
    const api = stubApi({
      'GET /ops/orphan-messages': (_body, url) =>
        page(
          url.searchParams.get('status') === 'dismissed'
            ? [
                orphan('d1', {
                  status: 'dismissed',
                  resolved: { at: '2026-03-02T10:00:00.000Z', by: { sub: 'op', email: 'op@example.com' }, reason: 'Spam', rental_id: null, message_id: null },
                }),
              ]
            : [],
        ),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No SMS is waiting. Every SMS reached its renter.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismissed' }));
    expect(await screen.findByText('op@example.com')).toBeInTheDocument();
    expect(screen.getByText('Spam')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /ops/orphan-messages').at(-1)!.url.searchParams.get('status')).toBe('dismissed');
  });
});
