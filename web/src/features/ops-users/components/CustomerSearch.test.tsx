import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsCustomerMatch } from '@numbernest/contracts/ops';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, signIn, stubApi } from '@/test/render-with-providers';
import { CustomerSearch } from './CustomerSearch';

const slowMachineMs = 20_000;

const ada: OpsCustomerMatch = { sub: 'sub-ada', email: 'ada@example.com', deleted: false, blocked: false, number: null, rental_id: null };
const renter: OpsCustomerMatch = { sub: 'sub-bob', email: 'bob@example.com', deleted: false, blocked: true, number: '+447700900123', rental_id: 'r1' };

const render = (path = '/ops/users') =>
  renderRoutes(
    [
      { path: '/ops/users', element: <CustomerSearch /> },
      { path: '/ops/users/:sub', element: <p>Customer page</p> },
    ],
    path,
  );

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CustomerSearch', { timeout: slowMachineMs }, () => {
  it('searches by part of an e-mail, follows the next slice while the table has more, and opens a match', async () => {
    const api = stubApi({
      'GET /ops/users/search': (_, url) => (url.searchParams.get('cursor') ? { data: [ada], next_cursor: null } : { data: [], next_cursor: 'slice-2' }),
    });
    const user = userEvent.setup();
    render();
    await user.type(screen.getByLabelText('E-mail contains'), 'ADA');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    // The first slice found nobody, but the table has more.
    await user.click(await screen.findByRole('button', { name: 'Search further' }));
    const results = await screen.findByRole('list', { name: 'Customers found' });
    expect(api.requestsTo('GET /ops/users/search').map(({ url }) => url.search)).toEqual(['?by=email&q=ADA', '?by=email&q=ADA&cursor=slice-2']);
    expect(screen.queryByRole('button', { name: 'Search further' })).not.toBeInTheDocument();
    await user.click(within(results).getByRole('link', { name: 'ada@example.com' }));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
  });

  it('searches by a number as pasted or by a rental id, shows the rental holding it, and says when nobody matches', async () => {
    const api = stubApi({
      'GET /ops/users/search': (_, url) =>
        ['+44 7700 900123', 'r1'].includes(url.searchParams.get('q')!) ? { data: [renter], next_cursor: null } : { data: [], next_cursor: null },
    });
    const user = userEvent.setup();
    render();
    await user.selectOptions(screen.getByLabelText('Search by'), 'phone');
    await user.type(screen.getByLabelText('Number, as you have it'), '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const results = await screen.findByRole('list', { name: 'Customers found' });
    expect(within(results).getByText('+447700900123 · rental r1 · blocked')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Number, as you have it'));
    await user.type(screen.getByLabelText('Number, as you have it'), '447000000000');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No customer matches 447000000000.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Search by'), 'rental');
    await user.clear(screen.getByLabelText('Rental id'));
    await user.type(screen.getByLabelText('Rental id'), 'r1');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('link', { name: 'bob@example.com' })).toHaveAttribute('href', '/ops/users/sub-bob');
    expect(api.requestsTo('GET /ops/users/search').map(({ url }) => url.searchParams.get('by'))).toEqual(['phone', 'phone', 'rental']);
  });

  it("shows the server's refusal of a bad search under the field, with the search from the address", async () => {
    stubApi({
      'GET /ops/users/search': () =>
        json({ message: 'Invalid request', code: 'VALIDATION_FAILED', errors: { q: ['Invalid format.'] }, fields: { q: [{ code: 'INVALID_FORMAT' }] } }, 400),
    });
    render('/ops/users?by=phone&q=abc');
    expect(await screen.findByText('Invalid format.')).toBeInTheDocument();
    expect(screen.getByLabelText('Number, as you have it')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Number, as you have it')).toHaveValue('abc');
  });
});
