import type { Agent, OpsAgent } from '@numbernest/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import AgentsPage from './AgentsPage';

const partner = { sub: '5f0c2a3e-1111-4222-8333-944455556666', email: 'bank@example.com' };
const ids = { rack: '0m1abcdef0123456789abcdef', spare: '0m1abcdef0123456789abcde0', liar: '0m1abcdef0123456789abcde1' };

const agent = (change: Partial<OpsAgent> = {}): OpsAgent => ({
  id: ids.rack,
  name: 'Rack 1',
  url: 'https://sim-bank.example/smshub',
  state: 'active',
  paused: false,
  blocked_reason: null,
  over_reporting_until: null,
  created_at: '2026-11-20T10:00:00.000Z',
  last_poll_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  last_latency_ms: 142,
  last_error: null,
  stock: 1250,
  sold: 37,
  earned: 12.5,
  ended: 40,
  success_rate: 0.75,
  partner,
  unknown_countries: [],
  unknown_services: [],
  ...change,
});
/** The block and unblock replies: the agent as its partner sees it (no partner, no unknowns). */
const plain = ({ partner: _partner, unknown_countries: _countries, unknown_services: _services, ...rest }: OpsAgent): Agent => rest;

const three = () => [
  agent({ unknown_countries: ['atlantis'], unknown_services: ['xx'] }),
  agent({
    id: ids.spare,
    name: 'Spare',
    state: 'blocked',
    blocked_reason: 'Announces numbers it never gives',
    last_poll_at: null,
    last_latency_ms: null,
    stock: 0,
  }),
  agent({ id: ids.liar, name: 'Busy', state: 'over-reporting', over_reporting_until: '2026-11-29T12:30:00.000Z', last_error: 'Timed out after 3000 ms' }),
];

afterEach(() => vi.unstubAllGlobals());

describe('AgentsPage', () => {
  it('shows each agent with its partner, state and why, health, stock, sales and what it reported that we could not place', async () => {
    stubApi({ 'GET /ops/agents': () => ({ data: three() }) });
    renderWithProviders(<AgentsPage />);
    const [rack, spare, busy] = await screen.findAllByTestId('ops-agent-row');
    expect(within(rack!).getByText('Rack 1')).toBeInTheDocument();
    expect(within(rack!).getByText('https://sim-bank.example/smshub')).toBeInTheDocument();
    expect(within(rack!).getByRole('link', { name: 'bank@example.com' })).toHaveAttribute('href', `/ops/users/${partner.sub}`);
    expect(within(rack!).getByText('Active')).toBeInTheDocument();
    expect(within(rack!).getByText('142 ms')).toBeInTheDocument();
    expect(within(rack!).getByText(/5 minutes ago/)).toBeInTheDocument();
    expect(within(rack!).getByText('1,250')).toBeInTheDocument();
    expect(within(rack!).getByText('37')).toBeInTheDocument();
    expect(within(rack!).getByText('$12.50')).toBeInTheDocument();
    expect(within(rack!).getByText('75%')).toBeInTheDocument();
    expect(within(rack!).getByTestId('agent-unknown')).toHaveTextContent('Reported but unknown: country atlantis, service xx');

    expect(within(spare!).getByText('Blocked')).toBeInTheDocument();
    expect(within(spare!).getByText('Announces numbers it never gives')).toBeInTheDocument();
    expect(within(spare!).getByText('Not polled yet')).toBeInTheDocument();
    expect(within(spare!).getByRole('button', { name: 'Unblock Spare' })).toBeInTheDocument();

    expect(within(busy!).getByText('Over-reporting')).toBeInTheDocument();
    expect(within(busy!).getByText(/^Until /)).toBeInTheDocument();
    expect(within(busy!).getByText('Timed out after 3000 ms')).toBeInTheDocument();
    expect(within(busy!).queryByTestId('agent-unknown')).not.toBeInTheDocument();
  });

  it('filters by state, counting each, and offers all again when none is in the state', async () => {
    stubApi({ 'GET /ops/agents': () => ({ data: three() }) });
    renderWithProviders(<AgentsPage />);
    await screen.findAllByTestId('ops-agent-row');
    const filter = screen.getByLabelText('State');
    expect(within(filter).getByRole('option', { name: 'All states (3)' })).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: 'blocked' } });
    expect(screen.getAllByTestId('ops-agent-row')).toHaveLength(1);
    expect(screen.getByText('Spare')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: 'paused' } });
    expect(screen.getByText('No agents in this state')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all agents' }));
    expect(screen.getAllByTestId('ops-agent-row')).toHaveLength(3);
  });

  it('blocks with a reason (3 characters at least) and reads the list again', async () => {
    let list = [agent()];
    const api = stubApi({
      'GET /ops/agents': () => ({ data: list }),
      [`POST /ops/agents/${ids.rack}/block`]: (body) => {
        list = [agent({ state: 'blocked', blocked_reason: (body as { reason: string }).reason })];
        return { data: plain(list[0]!) };
      },
    });
    renderWithProviders(<AgentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Block Rack 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Its partner (bank@example.com) sees the reason');
    fireEvent.click(screen.getByTestId('agent-block-confirm'));
    expect(await screen.findByText('Write at least 3 characters.')).toBeInTheDocument();
    expect(api.requestsTo(`POST /ops/agents/${ids.rack}/block`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Sells numbers twice ' } });
    fireEvent.click(screen.getByTestId('agent-block-confirm'));
    await waitFor(() => expect(api.requestsTo(`POST /ops/agents/${ids.rack}/block`)).toHaveLength(1));
    expect(api.requestsTo(`POST /ops/agents/${ids.rack}/block`)[0]!.body).toEqual({ reason: 'Sells numbers twice' });
    expect(await screen.findByText('Rack 1 is blocked.')).toBeInTheDocument();
    expect(await screen.findByText('Sells numbers twice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Rack 1' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s words when the block is refused', async () => {
    stubApi({
      'GET /ops/agents': () => ({ data: [agent()] }),
      [`POST /ops/agents/${ids.rack}/block`]: () => json({ message: 'This agent is already blocked', code: 'AGENT_ALREADY_BLOCKED' }, 409),
    });
    renderWithProviders(<AgentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Block Rack 1' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Sells numbers twice' } });
    fireEvent.click(screen.getByTestId('agent-block-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This agent is already blocked.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('unblocks at once and reads the list again', async () => {
    let list = [agent({ state: 'blocked', blocked_reason: 'Sells numbers twice' })];
    const api = stubApi({
      'GET /ops/agents': () => ({ data: list }),
      [`POST /ops/agents/${ids.rack}/unblock`]: () => {
        list = [agent()];
        return { data: plain(list[0]!) };
      },
    });
    renderWithProviders(<AgentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Rack 1' }));
    expect(await screen.findByText('Rack 1 is unblocked.')).toBeInTheDocument();
    expect(api.requestsTo(`POST /ops/agents/${ids.rack}/unblock`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Block Rack 1' })).toBeInTheDocument();
  });

  it('shows an empty state when no partner has added an agent', async () => {
    stubApi({ 'GET /ops/agents': () => ({ data: [] }) });
    renderWithProviders(<AgentsPage />);
    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
  });

  it('opens an agent’s activations and stock below the list', async () => {
    stubApi({
      'GET /ops/agents': () => ({ data: three() }),
      [`GET /ops/agents/${ids.rack}/activations`]: () => ({ data: [], next_cursor: null }),
    });
    renderWithProviders(<AgentsPage />);
    const [rack] = await screen.findAllByTestId('ops-agent-row');
    fireEvent.click(within(rack!).getByRole('button', { name: 'Activations of Rack 1' }));
    const panel = await screen.findByTestId('agent-activity');
    expect(within(panel).getByRole('heading', { name: 'Activations of Rack 1' })).toBeInTheDocument();
    expect(await within(panel).findByText('No activations yet')).toBeInTheDocument();
  });
});
