import { type GatewayDevice } from '@numbernest/contracts/ops';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs, verifiedProfile } from '@/app/layout/signed-in/test-harness';
import { json, stubApi } from '@/test/render-with-providers';
import SourcesPage from './SourcesPage';

const slowMachineMs = 20_000;
const quiet = {
  'GET /user': () => ({ data: { ...verifiedProfile } }),
  'GET /user/balance': () => ({ message: 'success', balance: 0, account_hold: null }),
  'GET /user/notifications': () => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } }),
};
const webhook = 'https://api.example.test/api/webhooks/sms/twilio';
const number = (sid: string, e164: string, extra: Record<string, unknown> = {}) => ({
  e164,
  sid,
  friendly_name: e164,
  sms_url: null,
  sms_url_ours: false,
  already_added: false,
  country_id: 44,
  country_iso: 'gb',
  ...extra,
});
const device = (id: string, name: string, extra: Partial<GatewayDevice> = {}): GatewayDevice => ({
  id,
  name,
  sims: [{ slot: 1, e164: '+380501112233' }],
  webhook_url: `https://api.example.test/api/webhooks/sms/gateway?device=${id}`,
  created_at: '2026-01-02T10:00:00.000Z',
  created_by: 'op@example.com',
  last_seen_at: null,
  unregistered_at: null,
  ...extra,
});
const renderPage = () => renderApp('/ops/sources', [{ path: 'ops/sources', element: <SourcesPage /> }]);
const pn = (n: number) => `PN${String(n).repeat(32)}`;

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Number sources', { timeout: slowMachineMs }, () => {
  it('loads the Twilio numbers on demand, imports the chosen ones with their type, and shows what happened', async () => {
    const api = stubApi({
      ...quiet,
      'GET /ops/sources/devices': () => ({ data: [] }),
      'GET /ops/sources/twilio/numbers': () => ({
        webhook_url: webhook,
        data: [
          number(pn(1), '+447700900001'),
          number(pn(2), '+447700900002', { already_added: true, sms_url: webhook, sms_url_ours: true }),
          number(pn(3), '+4740612345', { country_id: null, country_iso: 'no' }),
        ],
      }),
      'POST /ops/sources/twilio/import': () => ({ created: 1, skipped: [], webhooks_set: 1, webhook_failures: [] }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Number sources', level: 1 })).toBeInTheDocument();
    expect(api.requestsTo('GET /ops/sources/twilio/numbers')).toHaveLength(0); // Twilio is asked only when told
    await user.click(screen.getByRole('button', { name: "Load the account's numbers" }));
    const list = await screen.findByTestId('twilio-numbers');
    expect(within(list).getByLabelText(/\+447700900002/)).toBeDisabled(); // ours, webhook ours
    expect(within(list).getByLabelText(/\+4740612345/)).toBeDisabled(); // not in the catalogue
    expect(within(list).getByText('NO: not in the catalogue')).toBeInTheDocument();

    await user.click(within(list).getByLabelText(/\+447700900001/));
    await user.selectOptions(screen.getByLabelText('Type of the chosen numbers'), 'Private');
    await user.click(screen.getByRole('button', { name: 'Add 1 number' }));
    expect(await screen.findByTestId('twilio-import-result')).toHaveTextContent('Added: 1. Webhooks pointing at us: 1.');
    expect(api.requestsTo('POST /ops/sources/twilio/import')[0]!.body).toEqual({ numbers: [{ sid: pn(1), mobile_number_type_id: 2 }] });
  });

  it('registers a phone (its URL and key shown to copy), lists phones with last seen, and unregisters after asking', async () => {
    let devices = [device('gw-aaaaaa', 'Rack 1', { last_seen_at: new Date().toISOString() })];
    const api = stubApi({
      ...quiet,
      'GET /ops/sources/devices': () => ({ data: devices }),
      'POST /ops/sources/devices': (body) => {
        const created = device('gw-bbbbbb', (body as { name: string }).name);
        devices = [created, ...devices];
        return json({ data: created, signing_key: 'f'.repeat(64) }, 201);
      },
      'DELETE /ops/sources/devices/gw-aaaaaa': () => {
        devices = devices.map((d) => (d.id === 'gw-aaaaaa' ? { ...d, unregistered_at: new Date().toISOString() } : d));
        return { data: devices.find((d) => d.id === 'gw-aaaaaa') };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByTestId('devices');
    expect(within(list).getByText('Rack 1')).toBeInTheDocument();
    expect(within(list).getByTestId('device-last-seen')).toHaveTextContent('now');

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Give the phone a name.')).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/sources/devices')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Rack 2');
    await user.type(screen.getByLabelText('Number in SIM row 1'), '+380501234567');
    await user.click(screen.getByRole('button', { name: 'Add a SIM' }));
    await user.type(screen.getByLabelText('Number in SIM row 2'), '+380501234568');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('device-signing-key')).toHaveTextContent('f'.repeat(64));
    expect(screen.getByTestId('device-webhook-url')).toHaveTextContent('?device=gw-bbbbbb');
    expect(api.requestsTo('POST /ops/sources/devices')[0]!.body).toEqual({
      name: 'Rack 2',
      sims: [
        { slot: 1, e164: '+380501234567' },
        { slot: 2, e164: '+380501234568' },
      ],
    });

    await user.click(within(screen.getByTestId('devices')).getByRole('button', { name: 'Unregister Rack 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.requestsTo('DELETE /ops/sources/devices/gw-aaaaaa')).toHaveLength(0); // asks first
    await user.click(within(dialog).getByRole('button', { name: 'Unregister' }));
    await waitFor(() => expect(api.requestsTo('DELETE /ops/sources/devices/gw-aaaaaa')).toHaveLength(1));
    expect(await screen.findByText(/^Unregistered /)).toBeInTheDocument();
  });
});
