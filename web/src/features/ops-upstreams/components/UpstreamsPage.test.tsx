import type { SourceRulesReply, Upstream } from '@numbernest/contracts';
import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import UpstreamsPage from './UpstreamsPage';

const ids = { hero: '0m1abcdef0123456789abcdef', five: '0m1abcdef0123456789abcde0' };

const upstream = (change: Partial<Upstream> = {}): Upstream => ({
  id: ids.hero,
  name: 'HeroSMS',
  kind: 'sms-activate',
  url: 'https://hero-sms.example',
  state: 'active',
  balance: 12.5,
  balance_usd: 12.5,
  spend: 40.25,
  rate: 1,
  currency: 'USD',
  min_margin_percent: 10,
  key_hint: 'a1b2',
  last_sync_at: new Date(Date.now() - 3 * 60_000).toISOString(),
  last_error: null,
  stock: 4200,
  purchases: 120,
  codes: 97,
  created_at: '2026-11-20T10:00:00.000Z',
  ...change,
});

const fiveSim = () =>
  upstream({
    id: ids.five,
    name: '5sim',
    kind: '5sim',
    url: 'https://5sim.example',
    state: 'paused',
    currency: 'RUB',
    rate: 0.0109,
    balance: 1000.5,
    balance_usd: 10.9,
    last_sync_at: null,
    last_error: 'Timed out after 5000 ms',
    key_hint: 'zz99',
    purchases: 1,
    codes: 0,
  });

const emptyRules: SourceRulesReply = { data: { rules: [], sources: [{ source: 'own', kind: 'own', name: 'Our numbers' }], edited_at: null, edited_by: null } };
const catalogue: OpsCatalogueReply = { data: { countries: [], services: [], private_offers: [], cache_seconds: 60 } };
const withRules = {
  'GET /ops/source-rules': () => emptyRules,
  'GET /ops/catalogue': () => catalogue,
  'GET /ops/delivery-by-source': () => ({ data: [], min_purchases_for_rate: 20 }),
};

afterEach(() => vi.unstubAllGlobals());

describe('UpstreamsPage', () => {
  it('shows each upstream with its kind, URL, key hint, state, balance in its currency and in dollars, spend, rate, stock, sync and results', async () => {
    stubApi({ 'GET /ops/upstreams': () => ({ data: [upstream(), fiveSim()] }), ...withRules });
    renderWithProviders(<UpstreamsPage />);
    const [hero, five] = await screen.findAllByTestId('ops-upstream-row');
    expect(within(hero!).getByText('HeroSMS')).toBeInTheDocument();
    expect(within(hero!).getByText('SMS-Activate protocol')).toBeInTheDocument();
    expect(within(hero!).getByText('https://hero-sms.example')).toBeInTheDocument();
    expect(within(hero!).getByText('Key ending a1b2')).toBeInTheDocument();
    expect(within(hero!).getByText('Active')).toBeInTheDocument();
    expect(within(hero!).getByText('$12.50')).toBeInTheDocument();
    expect(within(hero!).getByText('$40.25')).toBeInTheDocument();
    expect(within(hero!).getByText('$1.00 per USD')).toBeInTheDocument();
    expect(within(hero!).getByText('Margin at least 10%')).toBeInTheDocument();
    expect(within(hero!).getByText('4,200')).toBeInTheDocument();
    expect(within(hero!).getByText('Synced 3 minutes ago')).toBeInTheDocument();
    expect(within(hero!).getByText('120 purchases')).toBeInTheDocument();
    expect(within(hero!).getByText('97 with a code')).toBeInTheDocument();

    expect(within(five!).getByText('5sim API')).toBeInTheDocument();
    expect(within(five!).getByText('Paused')).toBeInTheDocument();
    expect(within(five!).getByText('RUB 1,000.50')).toBeInTheDocument();
    expect(within(five!).getByText('$10.90')).toBeInTheDocument();
    expect(within(five!).getByText('$0.0109 per RUB')).toBeInTheDocument();
    expect(within(five!).getByText('Not synced yet')).toBeInTheDocument();
    expect(within(five!).getByText('1 purchase')).toBeInTheDocument();
    expect(within(five!).getByText('Timed out after 5000 ms')).toBeInTheDocument();
    expect(within(five!).getByRole('button', { name: 'Resume 5sim' })).toBeInTheDocument();
    expect(within(hero!).getByRole('button', { name: 'Pause HeroSMS' })).toBeInTheDocument();
  });

  it('says what to do when there is none', async () => {
    stubApi({ 'GET /ops/upstreams': () => ({ data: [] }), ...withRules });
    renderWithProviders(<UpstreamsPage />);
    expect(await screen.findByText('No upstreams yet')).toBeInTheDocument();
  });

  it('adds an upstream: judged by the request schema before sending, the server’s refusal of its URL under the field', async () => {
    let list: Upstream[] = [];
    let refuse = true;
    const api = stubApi({
      'GET /ops/upstreams': () => ({ data: list }),
      'POST /ops/upstreams': (body) => {
        if (refuse) {
          refuse = false;
          return json(
            {
              message: "This URL cannot be an upstream's address: the URL points to a private address",
              code: 'VALIDATION_FAILED',
              errors: { url: ["This URL cannot be an upstream's address: the URL points to a private address."] },
              fields: { url: [{ code: 'UPSTREAM_URL_REFUSED', params: { reason: 'the URL points to a private address' } }] },
            },
            400,
          );
        }
        const { name, kind } = body as { name: string; kind: '5sim' };
        list = [fiveSim(), upstream({ id: ids.hero, name, kind })];
        return json({ data: list[1] }, 201);
      },
      ...withRules,
    });
    renderWithProviders(<UpstreamsPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add upstream' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Protocol'), { target: { value: '5sim' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Five' } });
    fireEvent.change(within(dialog).getByLabelText('Base URL'), { target: { value: 'http://10.0.0.1' } });
    fireEvent.change(within(dialog).getByLabelText('API key'), { target: { value: 'secret-key-1234' } });
    fireEvent.change(within(dialog).getByLabelText('Currency of its prices'), { target: { value: 'RUB' } });
    fireEvent.click(within(dialog).getByTestId('upstream-save'));
    // Roubles need their rate.
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Rate'), { target: { value: '0.01234567' } });
    expect(await within(dialog).findByText('Invalid format.')).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/upstreams')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Rate'), { target: { value: '0,0109' } });
    fireEvent.click(within(dialog).getByTestId('upstream-save'));
    expect(await within(dialog).findByText("This URL cannot be an upstream's address: the URL points to a private address.")).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/upstreams')[0]!.body).toEqual({
      kind: '5sim',
      name: 'Five',
      url: 'http://10.0.0.1',
      key: 'secret-key-1234',
      currency: 'RUB',
      rate: '0.0109',
      min_margin_percent: 10,
    });

    fireEvent.change(within(dialog).getByLabelText('Base URL'), { target: { value: 'https://5sim.example' } });
    fireEvent.click(within(dialog).getByTestId('upstream-save'));
    expect(await screen.findByText('Five is added.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Five')).toBeInTheDocument();
  });

  it('edits an upstream, keeping its key when none is typed', async () => {
    const api = stubApi({
      'GET /ops/upstreams': () => ({ data: [upstream()] }),
      [`PATCH /ops/upstreams/${ids.hero}`]: (body) => ({ data: upstream({ name: (body as { name: string }).name }) }),
      ...withRules,
    });
    renderWithProviders(<UpstreamsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit HeroSMS' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Protocol')).toBeDisabled();
    expect(within(dialog).getByText('Leave blank to keep the key ending a1b2.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Hero' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum margin, %'), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByTestId('upstream-save'));
    await waitFor(() => expect(api.requestsTo(`PATCH /ops/upstreams/${ids.hero}`)).toHaveLength(1));
    expect(api.requestsTo(`PATCH /ops/upstreams/${ids.hero}`)[0]!.body).toEqual({
      name: 'Hero',
      url: 'https://hero-sms.example',
      currency: 'USD',
      rate: '1',
      min_margin_percent: 12.5,
    });
    expect(await screen.findByText('Hero is saved.')).toBeInTheDocument();
  });

  it('pauses and resumes, and removes only after asking', async () => {
    let list = [upstream()];
    const api = stubApi({
      'GET /ops/upstreams': () => ({ data: list }),
      [`PATCH /ops/upstreams/${ids.hero}`]: (body) => {
        list = [upstream({ state: (body as { paused: boolean }).paused ? 'paused' : 'active' })];
        return { data: list[0] };
      },
      [`DELETE /ops/upstreams/${ids.hero}`]: () => {
        const removed = upstream({ state: 'removed' });
        list = [];
        return { data: removed };
      },
      ...withRules,
    });
    renderWithProviders(<UpstreamsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause HeroSMS' }));
    expect(await screen.findByText('HeroSMS is paused: we buy nothing from it until it is resumed.')).toBeInTheDocument();
    expect(api.requestsTo(`PATCH /ops/upstreams/${ids.hero}`)[0]!.body).toEqual({ paused: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Resume HeroSMS' }));
    expect(await screen.findByText('HeroSMS is active again.')).toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: 'Remove HeroSMS' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove HeroSMS?')).toBeInTheDocument();
    expect(api.requestsTo(`DELETE /ops/upstreams/${ids.hero}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('upstream-remove-confirm'));
    expect(await screen.findByText('HeroSMS is removed.')).toBeInTheDocument();
    expect(await screen.findByText('No upstreams yet')).toBeInTheDocument();
  });
});
