import type { AgentActivation } from '@numbernest/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { AgentActivity, SuccessRate } from './AgentActivity';

const agentId = '0m1abcdef0123456789abcdef';
const partnerPath = `/user/partner/agents/${agentId}`;

let serial = 0;
const activation = (change: Partial<AgentActivation> = {}): AgentActivation => ({
  id: `0mx1vz52r${String(serial++).padStart(16, '0')}`,
  activation_id: String(1_000_000 + serial),
  started_at: '2026-11-29T10:00:00.000Z',
  ended_at: '2026-11-29T10:04:00.000Z',
  country_code: 'US',
  country_name: 'USA',
  service: 'Telegram',
  number: '+14045550101',
  outcome: 'sold',
  earned: 0.12,
  ...change,
});

afterEach(() => vi.unstubAllGlobals());

describe('AgentActivity', () => {
  it('lists the activations with their outcome and earning, newest first, and reads the next page on demand', async () => {
    const first = [
      activation({ outcome: 'waiting', ended_at: null, earned: 0 }),
      activation(),
      activation({ outcome: 'cancelled', earned: 0, service: null }),
      activation({ outcome: 'refunded', earned: 0 }),
    ];
    const api = stubApi({
      [`GET ${partnerPath}/activations`]: (_body, url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { data: [activation({ outcome: 'used', earned: 0, country_name: 'United Kingdom', number: '+447700900123' })], next_cursor: null }
          : { data: first, next_cursor: 'page-2' },
    });
    renderWithProviders(<AgentActivity agentPath={partnerPath} name="Rack 1" onClose={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Activations of Rack 1' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('agent-activation');
    expect(rows.map((row) => within(row).getByTestId('activation-outcome').textContent)).toEqual(['Waiting for code', 'Sold', 'Cancelled', 'Refunded']);
    expect(within(rows[1]!).getByText('$0.12')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+14045550101')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Any service')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Reported as used')).toBeInTheDocument();
    expect(screen.getByText('+447700900123')).toBeInTheDocument();
    expect(screen.getAllByTestId('agent-activation')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.requestsTo(`GET ${partnerPath}/activations`).at(-1)!.url.searchParams.get('cursor')).toBe('page-2');
  });

  it('reads the stock only when its breakdown is opened: Country · Service · count, the rest summed', async () => {
    const api = stubApi({
      [`GET ${partnerPath}/activations`]: () => ({ data: [], next_cursor: null }),
      [`GET ${partnerPath}/stock`]: () => ({
        data: {
          rows: [
            { country_code: 'US', country_name: 'USA', service: 'Telegram', count: 1200 },
            { country_code: 'GB', country_name: 'United Kingdom', service: 'WhatsApp', count: 35 },
          ],
          rest: 17,
          total: 1252,
        },
      }),
    });
    renderWithProviders(<AgentActivity agentPath={partnerPath} name="Rack 1" onClose={() => undefined} />);
    expect(await screen.findByText('No activations yet')).toBeInTheDocument();
    expect(api.requestsTo(`GET ${partnerPath}/stock`)).toHaveLength(0);
    const details = screen.getByTestId('agent-stock-breakdown') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const rows = await screen.findAllByTestId('agent-stock-row');
    expect(rows.map((row) => row.textContent)).toEqual(['USA · Telegram1,200', 'United Kingdom · WhatsApp35']);
    expect(screen.getByTestId('agent-stock-rest')).toHaveTextContent('Everything else17');
    expect(screen.getByText('1,252')).toBeInTheDocument();
  });

  it('says what failed and tries again; the success rate is a percent, or a dash until one ended', async () => {
    let fail = true;
    stubApi({
      [`GET ${partnerPath}/activations`]: () =>
        fail ? json({ message: 'Internal error', code: 'INTERNAL_ERROR' }, 500) : { data: [activation()], next_cursor: null },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <p data-testid="rate">
          <SuccessRate rate={0.754} />
        </p>
        <p data-testid="no-rate">
          <SuccessRate rate={null} />
        </p>
        <AgentActivity agentPath={partnerPath} name="Rack 1" onClose={onClose} />
      </>,
    );
    expect(screen.getByTestId('rate')).toHaveTextContent('75%');
    expect(screen.getByTestId('no-rate')).toHaveTextContent('—');
    expect(await screen.findByText('Could not load the activations.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('agent-activation')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
