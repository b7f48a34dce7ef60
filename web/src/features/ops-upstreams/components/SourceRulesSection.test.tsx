import type { SourceRule, SourceRulesReply } from '@numbernest/contracts';
import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { SourceRulesSection } from './SourceRulesSection';

const catalogue: OpsCatalogueReply = {
  data: {
    countries: [
      { id: 187, name: 'United States', iso: 'us', dial_code: '1', enabled: true, offers: 12, private_offer: true },
      { id: 16, name: 'United Kingdom', iso: 'gb', dial_code: '44', enabled: true, offers: 8, private_offer: false },
    ],
    services: [
      { id: 1, name: 'Telegram', slug: 'telegram', code: 'tg', patterns: null },
      { id: 2, name: 'WhatsApp', slug: 'whatsapp', code: 'wa', patterns: null },
    ],
    private_offers: [],
    cache_seconds: 60,
  },
};

const agent = 'agent:0m1abcdef0123456789abcdef';
const hero = 'upstream:0m1abcdef0123456789abcde0';
const sources: SourceRulesReply['data']['sources'] = [
  { source: 'own', kind: 'own', name: 'Our numbers' },
  { source: agent, kind: 'agent', name: 'Rack 1' },
  { source: hero, kind: 'upstream', name: 'HeroSMS' },
];

const rule = (change: Partial<SourceRule> = {}): SourceRule => ({
  country_id: 187,
  country_name: 'United States',
  service_id: 1,
  service_name: 'Telegram',
  pin: hero,
  exclude: [],
  ...change,
});
const reply = (rules: SourceRule[]): SourceRulesReply => ({ data: { rules, sources, edited_at: '2026-11-28T09:30:00.000Z', edited_by: 'ops@example.com' } });

afterEach(() => vi.unstubAllGlobals());

describe('SourceRulesSection', () => {
  it('shows each rule with its country, service (or all of them) and its sources by name', async () => {
    stubApi({
      'GET /ops/source-rules': () =>
        reply([rule(), rule({ country_id: 16, country_name: 'United Kingdom', service_id: null, service_name: null, pin: null, exclude: ['own', agent] })]),
      'GET /ops/catalogue': () => catalogue,
    });
    renderWithProviders(<SourceRulesSection />);
    const rows = await screen.findAllByTestId('source-rule');
    expect(rows[0]).toHaveTextContent('United States');
    expect(rows[0]).toHaveTextContent('Telegram');
    expect(rows[0]).toHaveTextContent('Only Upstream HeroSMS');
    expect(rows[1]).toHaveTextContent('United Kingdom');
    expect(rows[1]).toHaveTextContent('All services');
    expect(rows[1]).toHaveTextContent('All but Our numbers, Agent Rack 1');
    expect(screen.getByText(/Last changed by ops@example\.com/)).toBeInTheDocument();
  });

  it('pins a source for a country and all its services; a country is required', async () => {
    let rules: SourceRule[] = [];
    const api = stubApi({
      'GET /ops/source-rules': () => reply(rules),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/source-rules': () => {
        rules = [rule({ service_id: null, service_name: null, pin: agent })];
        return reply(rules);
      },
    });
    renderWithProviders(<SourceRulesSection />);
    expect(await screen.findByText('No rules: every source may sell everywhere.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: agent } });
    fireEvent.click(within(dialog).getByTestId('source-rule-save'));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(api.requestsTo('PUT /ops/source-rules')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: '187' } });
    fireEvent.click(within(dialog).getByTestId('source-rule-save'));
    await waitFor(() => expect(api.requestsTo('PUT /ops/source-rules')).toHaveLength(1));
    expect(api.requestsTo('PUT /ops/source-rules')[0]!.body).toEqual({ country_id: 187, service_id: null, pin: agent });
    expect(await screen.findByText('Rule United States · All services is saved.')).toBeInTheDocument();
    expect((await screen.findAllByTestId('source-rule'))[0]).toHaveTextContent('Only Agent Rack 1');
  });

  it('excludes sources for one service, and shows the server’s refusal of a source under the list', async () => {
    const api = stubApi({
      'GET /ops/source-rules': () => reply([]),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/source-rules': () =>
        json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: { exclude: [`No such source: ${hero}.`] },
            fields: { exclude: [{ code: 'UNKNOWN_SOURCE', params: { source: hero } }] },
          },
          400,
        ),
    });
    renderWithProviders(<SourceRulesSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: '16' } });
    fireEvent.change(within(dialog).getByLabelText('Service'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Rule'), { target: { value: 'exclude' } });
    expect(within(dialog).getByText('Nothing excluded: saving removes the rule.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Upstream HeroSMS'));
    fireEvent.click(within(dialog).getByLabelText('Our numbers'));
    fireEvent.click(within(dialog).getByTestId('source-rule-save'));
    await waitFor(() => expect(api.requestsTo('PUT /ops/source-rules')).toHaveLength(1));
    // In the order the sources are offered, whatever the order they were ticked.
    expect(api.requestsTo('PUT /ops/source-rules')[0]!.body).toEqual({ country_id: 16, service_id: 2, exclude: ['own', hero] });
    expect(await within(dialog).findByText(`No such source: ${hero}.`)).toBeInTheDocument();
  });

  it('removes a rule only after asking, by saving it with no source', async () => {
    let rules = [rule()];
    const api = stubApi({
      'GET /ops/source-rules': () => reply(rules),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/source-rules': () => {
        rules = [];
        return reply(rules);
      },
    });
    renderWithProviders(<SourceRulesSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the rule United States · Telegram' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.requestsTo('PUT /ops/source-rules')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('source-rule-remove-confirm'));
    await waitFor(() => expect(api.requestsTo('PUT /ops/source-rules')).toHaveLength(1));
    expect(api.requestsTo('PUT /ops/source-rules')[0]!.body).toEqual({ country_id: 187, service_id: 1, pin: null });
    expect(await screen.findByText('Rule United States · Telegram is removed.')).toBeInTheDocument();
    expect(await screen.findByText('No rules: every source may sell everywhere.')).toBeInTheDocument();
  });
});
