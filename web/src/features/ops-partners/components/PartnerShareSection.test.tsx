import type { PartnerShareReply, PartnerShareRule } from '@numbernest/contracts';
import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { PartnerShareSection } from './PartnerShareSection';

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

const rule = (change: Partial<PartnerShareRule> = {}): PartnerShareRule => ({
  country_id: 187,
  country_name: 'United States',
  service_id: 1,
  service_name: 'Telegram',
  percent: 70.5,
  temporary_price: 1,
  partner_earns: 0.7,
  ...change,
});

const reply = (rules: PartnerShareRule[], defaultPercent = 60): PartnerShareReply => ({
  data: { default_percent: defaultPercent, rules, edited_at: '2026-11-28T09:30:00.000Z', edited_by: 'ops@example.com' },
});

afterEach(() => vi.unstubAllGlobals());

describe('PartnerShareSection', () => {
  it('shows the default and each rule with its country, service, share and what it pays of the Temporary price', async () => {
    stubApi({
      'GET /ops/partner-share': () =>
        reply([
          rule(),
          rule({ country_id: null, country_name: null, service_id: 2, service_name: 'WhatsApp', percent: 65, temporary_price: null, partner_earns: null }),
        ]),
      'GET /ops/catalogue': () => catalogue,
    });
    renderWithProviders(<PartnerShareSection />);
    const rows = await screen.findAllByTestId('partner-share-rule');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('United States');
    expect(rows[0]).toHaveTextContent('Telegram');
    expect(rows[0]).toHaveTextContent('70.5 %');
    expect(rows[0]).toHaveTextContent('$0.70 of $1.00');
    expect(rows[1]).toHaveTextContent('Any country');
    expect(rows[1]).toHaveTextContent('65 %');
    expect(screen.getByLabelText('Default share, %')).toHaveValue('60');
    expect(screen.getByText(/Last changed by ops@example\.com/)).toBeInTheDocument();
  });

  it('saves the default, refusing a percent out of range or finer than a tenth before sending', async () => {
    const api = stubApi({
      'GET /ops/partner-share': () => reply([]),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/partner-share': (body) => reply([], (body as { default_percent: number }).default_percent),
    });
    renderWithProviders(<PartnerShareSection />);
    expect(await screen.findByText('No rules: every sale earns the default of 60 %.')).toBeInTheDocument();
    const field = screen.getByLabelText('Default share, %');
    fireEvent.change(field, { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save default' }));
    expect(await screen.findByText('Must be less than or equal to 100.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '62.55' } });
    expect(await screen.findByText('Must have at most 1 decimal.')).toBeInTheDocument();
    expect(api.requestsTo('PUT /ops/partner-share')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '62,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save default' }));
    await waitFor(() => expect(api.requestsTo('PUT /ops/partner-share')).toHaveLength(1));
    expect(api.requestsTo('PUT /ops/partner-share')[0]!.body).toEqual({ default_percent: 62.5 });
    expect(await screen.findByText('The default share is 62.5 % now.')).toBeInTheDocument();
  });

  it('adds a rule from the catalogue’s countries and services, Any for either but not both', async () => {
    let rules: PartnerShareRule[] = [];
    const api = stubApi({
      'GET /ops/partner-share': () => reply(rules),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/partner-share': () => {
        rules = [rule({ service_id: null, service_name: null, percent: 55, temporary_price: null, partner_earns: null })];
        return reply(rules);
      },
    });
    renderWithProviders(<PartnerShareSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Share, %'), { target: { value: '55' } });
    fireEvent.click(within(dialog).getByTestId('partner-share-rule-save'));
    expect(await within(dialog).findByText('Choose a country, a service or both: the default covers every other sale.')).toBeInTheDocument();
    expect(api.requestsTo('PUT /ops/partner-share')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: '187' } });
    fireEvent.click(within(dialog).getByTestId('partner-share-rule-save'));
    await waitFor(() => expect(api.requestsTo('PUT /ops/partner-share')).toHaveLength(1));
    expect(api.requestsTo('PUT /ops/partner-share')[0]!.body).toEqual({ country_id: 187, service_id: null, percent: 55 });
    expect(await screen.findByText('The rule United States · Any service is saved.')).toBeInTheDocument();
    const row = (await screen.findAllByTestId('partner-share-rule'))[0]!;
    expect(row).toHaveTextContent('Any service');
    expect(row).toHaveTextContent('55 %');
  });

  it('places the server’s field errors under their fields', async () => {
    stubApi({
      'GET /ops/partner-share': () => reply([]),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/partner-share': () =>
        json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            errors: { service_id: ['No service has this id.'] },
            fields: { service_id: [{ code: 'UNKNOWN_SERVICE' }] },
          },
          400,
        ),
    });
    renderWithProviders(<PartnerShareSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Service'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Share, %'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByTestId('partner-share-rule-save'));
    expect(await within(dialog).findByText('No service has this id.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Service')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a rule’s share (its country and service fixed) and removes one after asking', async () => {
    let rules = [rule()];
    const api = stubApi({
      'GET /ops/partner-share': () => reply(rules),
      'GET /ops/catalogue': () => catalogue,
      'PUT /ops/partner-share': (body) => {
        rules = [rule({ percent: (body as { percent: number }).percent, partner_earns: 0.75 })];
        return reply(rules);
      },
      'DELETE /ops/partner-share/rules/187/1': () => {
        rules = [];
        return reply(rules);
      },
    });
    renderWithProviders(<PartnerShareSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule United States · Telegram' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Country')).toBeDisabled();
    expect(within(dialog).getByLabelText('Service')).toBeDisabled();
    const percent = within(dialog).getByLabelText('Share, %');
    expect(percent).toHaveValue('70.5');
    fireEvent.change(percent, { target: { value: '75' } });
    fireEvent.click(within(dialog).getByTestId('partner-share-rule-save'));
    await waitFor(() => expect(api.requestsTo('PUT /ops/partner-share')).toHaveLength(1));
    expect(api.requestsTo('PUT /ops/partner-share')[0]!.body).toEqual({ country_id: 187, service_id: 1, percent: 75 });
    expect(await screen.findByText('$0.75 of $1.00')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the rule United States · Telegram' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('instead of 75 %');
    expect(api.requestsTo('DELETE /ops/partner-share/rules/187/1')).toHaveLength(0);
    fireEvent.click(within(confirm).getByTestId('partner-share-remove-confirm'));
    await waitFor(() => expect(api.requestsTo('DELETE /ops/partner-share/rules/187/1')).toHaveLength(1));
    expect(await screen.findByText('The rule United States · Telegram is removed.')).toBeInTheDocument();
    expect(await screen.findByText('No rules: every sale earns the default of 60 %.')).toBeInTheDocument();
  });
});
