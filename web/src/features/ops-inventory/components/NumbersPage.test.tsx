import type { InventoryNumber } from '@numbernest/contracts/ops';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { renderRoutes, stubApi } from '@/test/render-with-providers';
import NumbersPage from './NumbersPage';

const slowMachineMs = 20_000;

const number = (id: number, extra: Partial<InventoryNumber> = {}): InventoryNumber => ({
  id,
  e164: `+44770090${String(id).padStart(4, '0')}`,
  country_id: 44,
  mobile_number_type_id: 1,
  source: 'twilio',
  status: 'available',
  resting_until: null,
  retired_at: null,
  retired_reason: null,
  rentals: [],
  last_sms_at: null,
  sms_count: 0,
  ...extra,
});

const countries = { data: [{ id: 44, name: 'United Kingdom', code: 'GB', url: '' }] };

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

const renderPage = () => renderRoutes([{ path: '/ops/numbers', element: <NumbersPage /> }], '/ops/numbers');

describe('the Numbers page', { timeout: slowMachineMs }, () => {
  it('lists numbers with their source, status, rental and SMS figures, and filters by status', async () => {
    const api = stubApi({
      'GET /mobile-number-countries': () => countries,
      'GET /ops/numbers': (_body, url) =>
        url.searchParams.get('status') === 'rented'
          ? {
              data: [
                number(2, {
                  status: 'rented',
                  rentals: [{ id: 'r1', sub: 's1', email: 'ann@example.com', service_name: 'Telegram', ends_at: '2026-12-01T00:00:00Z' }],
                  sms_count: 3,
                  last_sms_at: '2026-11-24T10:00:00Z',
                }),
              ],
              next_cursor: null,
            }
          : { data: [number(1), number(3, { source: 'gateway:gw-ua-01:2', mobile_number_type_id: 2 })], next_cursor: null },
    });
    renderPage();
    const table = await screen.findByTestId('numbers-table');
    expect(table).toHaveTextContent('+447700900001');
    expect(table).toHaveTextContent('Phone gw-ua-01, SIM 2');
    expect(await within(table).findAllByText('United Kingdom')).toHaveLength(2);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'rented');
    await waitFor(() => expect(screen.getByTestId('numbers-table')).toHaveTextContent('ann@example.com'));
    expect(screen.getByTestId('numbers-table')).toHaveTextContent('Telegram');
    expect(api.mock.calls.some(([input]) => String(input).includes('status=rented'))).toBe(true);
  });

  it('adds numbers from pasted CSV: the preview count, then what was created and skipped, with reasons', async () => {
    const api = stubApi({
      'GET /mobile-number-countries': () => countries,
      'GET /ops/numbers': () => ({ data: [], next_cursor: null }),
      'POST /ops/numbers': () => ({ message: 'success', data: { created: 1, skipped: [{ e164: '+447700900124', reason: 'exists' }] } }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add numbers' }));
    await userEvent.type(
      screen.getByLabelText('CSV text'),
      'e164,country_id,type,source{enter}+447700900123,44,1{enter}+447700900124,44,shared,twilio{enter}bad line',
    );
    expect(screen.getByText('2 numbers ready to add.')).toBeInTheDocument();
    expect(screen.getByText('1 line cannot be read:')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add numbers' }).at(-1)!);
    const result = await screen.findByTestId('import-result');
    expect(result).toHaveTextContent('1 number added.');
    expect(result).toHaveTextContent('+447700900124 — already ours');
    const sent = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      numbers: [
        { e164: '+447700900123', country_id: 44, mobile_number_type_id: 1, source: 'twilio' },
        { e164: '+447700900124', country_id: 44, mobile_number_type_id: 1, source: 'twilio' },
      ],
    });
  });

  it('retires a number with a reason', async () => {
    const api = stubApi({
      'GET /mobile-number-countries': () => countries,
      'GET /ops/numbers': () => ({ data: [number(5)], next_cursor: null }),
      'POST /ops/numbers/5/retire': () => ({
        message: 'success',
        data: number(5, { status: 'retired', retired_at: '2026-11-24T10:00:00Z', retired_reason: 'SIM lost' }),
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Retire' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Retire number' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'SIM lost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire number' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.mock.calls.find(([input]) => String(input).endsWith('/ops/numbers/5/retire'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ reason: 'SIM lost' });
  });
});
