import type { OpsHold } from '@numbernest/contracts/ops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import HoldsPage from './HoldsPage';

const sub = '5f0c2a3e-1111-4222-8333-944455556666';

const hold = (change: Partial<OpsHold> = {}): OpsHold => ({
  sub,
  email: 'ada@example.com',
  since: '2026-11-20T10:00:00.000Z',
  balance: -8,
  events: [
    {
      kind: 'chargeback',
      top_up_id: '0mwv8el2p396efe6575e450cf',
      reference: 'dp_1',
      provider: 'stripe',
      amount: 10,
      at: '2026-11-20T10:00:00.000Z',
      reason: 'fraudulent',
    },
    {
      kind: 'card-refund',
      top_up_id: '0mwv8el2p396efe6575e450d0',
      reference: 'ch_2',
      provider: 'stripe',
      amount: 5,
      at: '2026-11-21T10:00:00.000Z',
      reason: null,
    },
  ],
  disputes: { dp_1: 'lost' },
  decisions: [{ decision: 'keep', operator: { sub: 'op1', email: 'ops@numbernest.test' }, reason: 'Waiting for the bank', at: '2026-11-21T11:00:00.000Z' }],
  ...change,
});

const decided = (decision: 'release' | 'keep') => ({
  data: {
    sub,
    email: 'ada@example.com',
    decision,
    operator: { sub: 'op1', email: 'ops@numbernest.test' },
    reason: 'x',
    at: '2026-11-22T10:00:00.000Z',
    on_hold: decision === 'keep',
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('HoldsPage', () => {
  it('shows each held account with what it owes, each reversal and its dispute state, and earlier decisions', async () => {
    stubApi({ 'GET /ops/holds': () => ({ data: [hold()] }) });
    renderWithProviders(<HoldsPage />);
    const card = await screen.findByRole('article', { name: 'ada@example.com' });
    expect(within(card).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', `/ops/users/${sub}`);
    expect(within(card).getByText('Owes').nextSibling).toHaveTextContent('$8.00');
    expect(within(card).getByText('2 card payments taken back')).toBeInTheDocument();
    expect(within(card).getByText('Bank dispute')).toBeInTheDocument();
    expect(within(card).getByText('Dispute: lost')).toBeInTheDocument();
    expect(within(card).getByText('Refund to the card')).toBeInTheDocument();
    expect(within(card).getByText('dp_1')).toBeInTheDocument();
    expect(within(card).getByText(/kept on hold by ops@numbernest.test/)).toBeInTheDocument();
    expect(within(card).getByText('Waiting for the bank')).toBeInTheDocument();
  });

  it('releases after asking for a reason, sends the reversals it showed, and reads the list again', async () => {
    let list = [hold()];
    const api = stubApi({
      'GET /ops/holds': () => ({ data: list }),
      [`POST /ops/holds/${sub}/decision`]: () => {
        list = [];
        return decided('release');
      },
    });
    renderWithProviders(<HoldsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The $8.00 they owe stays owed');
    const confirm = screen.getByTestId('hold-decide-confirm');
    fireEvent.click(confirm);
    expect(await screen.findByText('Write at least 3 characters.')).toBeInTheDocument();
    expect(api.requestsTo(`POST /ops/holds/${sub}/decision`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' Paid back by bank transfer ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.requestsTo(`POST /ops/holds/${sub}/decision`)).toHaveLength(1));
    expect(api.requestsTo(`POST /ops/holds/${sub}/decision`)[0]!.body).toEqual({ decision: 'release', reason: 'Paid back by bank transfer', events_seen: 2 });
    expect(await screen.findByText('No accounts on hold')).toBeInTheDocument();
    expect(api.requestsTo('GET /ops/holds').length).toBeGreaterThanOrEqual(2);
  });

  it('says clearly when the hold changed meanwhile (409) and shows the list as it is now', async () => {
    let list = [hold()];
    stubApi({
      'GET /ops/holds': () => ({ data: list }),
      [`POST /ops/holds/${sub}/decision`]: () => {
        list = [hold({ events: [...hold().events, { ...hold().events[0]!, reference: 'dp_3', at: '2026-11-22T09:00:00.000Z' }] })];
        return json({ message: 'The hold changed meanwhile', code: 'HOLD_CHANGED' }, 409);
      },
    });
    renderWithProviders(<HoldsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep on hold' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Still disputed' } });
    fireEvent.click(screen.getByTestId('hold-decide-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/changed while you were looking.*look again before deciding/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('3 card payments taken back')).toBeInTheDocument();
  });

  it('shows an empty state when no account is on hold', async () => {
    stubApi({ 'GET /ops/holds': () => ({ data: [] }) });
    renderWithProviders(<HoldsPage />);
    expect(await screen.findByText('No accounts on hold')).toBeInTheDocument();
  });
});
