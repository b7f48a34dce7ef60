import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { BlockControl } from './BlockControl';

const slowMachineMs = 20_000;
const sub = 'c1a2b3';
const block = { since: '2026-03-01T10:00:00.000Z', reason: 'Fraudulent sign-ups', by: { sub: 'op1', email: 'op@example.com' } };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('BlockControl', { timeout: slowMachineMs }, () => {
  it('blocks with a required reason, shows the block, then unblocks with an optional one', async () => {
    const api = stubApi({
      [`POST /ops/users/${sub}/block`]: (body) => ({ data: { sub, blocked: { ...block, reason: (body as { reason: string }).reason } } }),
      [`POST /ops/users/${sub}/unblock`]: () => ({ data: { sub, blocked: null } }),
    });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BlockControl sub={sub} blocked={null} onChange={onChange} />);

    expect(await screen.findByText(/Active: the customer can sign in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block this customer' });
    expect(dialog).toHaveTextContent('Their balance and rentals are kept.');
    const confirm = () => screen.getAllByRole('button', { name: 'Block' }).at(-1)!;
    expect(confirm()).toBeDisabled(); // a reason is required
    await user.type(screen.getByLabelText('Reason'), 'ab');
    expect(screen.getByText('Write at least 3 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'use of stolen cards');
    await user.click(confirm());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`POST /ops/users/${sub}/block`)[0]!.body).toEqual({ reason: 'abuse of stolen cards' });
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(screen.getByText(/Reason: abuse of stolen cards/)).toBeInTheDocument();
    expect(screen.getByText(/op@example.com/)).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ reason: 'abuse of stolen cards' }));

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await screen.findByRole('dialog', { name: 'Unblock this customer' });
    await user.click(screen.getAllByRole('button', { name: 'Unblock' }).at(-1)!); // the reason is optional
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`POST /ops/users/${sub}/unblock`)[0]!.body).toEqual({});
    expect(screen.getByText(/Active: the customer can sign in/)).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the server’s refusal in the dialog, translated', async () => {
    stubApi({
      [`POST /ops/users/${sub}/unblock`]: () => json({ message: 'This account is not blocked', code: 'NOT_BLOCKED' }, 409),
    });
    const user = userEvent.setup();
    renderWithProviders(<BlockControl sub={sub} blocked={block} />);
    expect(await screen.findByText(/Reason: Fraudulent sign-ups/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await screen.findByRole('dialog');
    await user.click(screen.getAllByRole('button', { name: 'Unblock' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is not blocked.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
