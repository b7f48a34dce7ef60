import type { AuditEntry } from '@numbernest/contracts/ops';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { fieldChanges } from './audit-change';
import AuditPage from './AuditPage';

const entry = (change: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  at: '2026-03-01T10:00:00.000Z',
  operator: { sub: '8f1c2d9e-sub', email: 'ops@example.com' },
  action: 'service.update',
  target: { type: 'service', id: 'google' },
  before: null,
  after: null,
  reason: null,
  ...change,
});

describe('fieldChanges', () => {
  it('keeps only the fields that differ, a field made or removed against nothing', () => {
    expect(fieldChanges({ name: 'Google', price: 1, code: 'go' }, { name: 'Google', price: 2, slug: 'g' })).toEqual([
      { field: 'price', before: 1, after: 2 },
      { field: 'code', before: 'go', after: null },
      { field: 'slug', before: null, after: 'g' },
    ]);
    expect(fieldChanges(null, { status: 'paid' })).toEqual([{ field: 'status', before: null, after: 'paid' }]);
    expect(fieldChanges(3, 5)).toEqual([{ field: '', before: 3, after: 5 }]);
    expect(fieldChanges({ a: [1] }, { a: [1] })).toEqual([]);
  });
});

describe('AuditPage', () => {
  it('shows who acted by e-mail and each changed field as before and after', async () => {
    stubApi({
      'GET /ops/audit': () => ({
        data: [
          entry({ before: { name: 'Google', price_cents: 100 }, after: { name: 'Google', price_cents: 150 }, reason: 'new tariff' }),
          entry({ id: 'e2', before: { name: 'Google' }, after: { name: 'Google' } }),
        ],
        next_cursor: null,
      }),
    });
    renderWithProviders(<AuditPage />);
    const table = await screen.findByTestId('audit-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('ops@example.com');
    expect(rows[0]).not.toHaveTextContent('8f1c2d9e-sub');
    const change = within(rows[0]!).getByRole('listitem');
    expect(change).toHaveTextContent('price_cents100 → 150');
    expect(within(change).getByText('100').tagName).toBe('DEL');
    expect(within(change).getByText('150').tagName).toBe('INS');
    expect(rows[0]).not.toHaveTextContent('name');
    expect(rows[1]).toHaveTextContent('No field changed');
  });

  it('asks the server for the entries of an operator, an action and a day range', async () => {
    const api = stubApi({ 'GET /ops/audit': () => ({ data: [], next_cursor: null }) });
    const user = userEvent.setup();
    renderWithProviders(<AuditPage />);
    await screen.findByText('No operator actions yet.');
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-03-01');
    await user.type(screen.getByLabelText('To (UTC day)'), '2026-03-07');
    await user.type(screen.getByLabelText('Operator e-mail'), ' ops@example.com ');
    await user.type(screen.getByLabelText('Action'), 'top-up.approve');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.requestsTo('GET /ops/audit')).toHaveLength(2));
    const asked = api.requestsTo('GET /ops/audit')[1]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ from: '2026-03-01', to: '2026-03-07', operator: 'ops@example.com', action: 'top-up.approve', limit: '50' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });
});
