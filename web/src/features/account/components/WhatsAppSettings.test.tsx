import type { WhatsAppState } from '@numbernest/contracts/whatsapp';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, stubApi } from '@/test/render-with-providers';
import AccountSettingsPage from './AccountSettingsPage';
import { noWebhook, quietSettingsPage, slowMachineMs } from './test-fixtures';

const quiet = { ...quietSettingsPage, ...noWebhook };
const nothing: WhatsAppState = { number: null, verified_at: null, pending: null };
const inTenMinutes = () => new Date(Date.now() + 600_000).toISOString();

/** The server as far as this panel sees it: the WhatsApp state, and forwarding that follows its number. */
function server(start: WhatsAppState, more: Parameters<typeof stubApi>[0] = {}) {
  const world = { state: start };
  const reply = () => ({ message: 'success', data: world.state });
  const api = stubApi({
    ...quiet,
    'GET /user/whatsapp': reply,
    'GET /user/forwarding': () => ({
      message: 'success',
      data: {
        email: false,
        telegram: false,
        whatsapp: false,
        messenger: false,
        push: false,
        telegram_linked: false,
        whatsapp_number: world.state.number,
        messenger_linked: false,
        push_subscriptions: 0,
      },
    }),
    'DELETE /user/whatsapp': () => {
      world.state = nothing;
      return reply();
    },
    ...more,
  });
  return { api, world, reply };
}

const open = () => renderApp('/dashboard/account-settings', [{ path: 'dashboard/account-settings', element: <AccountSettingsPage /> }]);

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Account setting -> WhatsApp', { timeout: slowMachineMs }, () => {
  it('sends a code, confirms it, shows the verified number (the forwarding switch follows), removes it after asking', async () => {
    const { api, world, reply } = server(nothing, {
      'POST /user/whatsapp/verify': (body) => {
        const { number } = body as { number: string };
        if (number.startsWith('+1')) {
          return json(
            {
              message: 'Invalid request',
              code: 'VALIDATION_FAILED',
              errors: { number: ['Not a valid phone number.'] },
              fields: { number: [{ code: 'INVALID_FORMAT' }] },
            },
            400,
          );
        }
        world.state = { ...world.state, pending: { number: '+60123456789', expires_at: inTenMinutes() } };
        return reply();
      },
      'POST /user/whatsapp/confirm': () => {
        world.state = { number: '+60123456789', verified_at: new Date().toISOString(), pending: null };
        return reply();
      },
    });
    const user = userEvent.setup();
    open();

    const number = await screen.findByRole('textbox', { name: 'WhatsApp number' });
    expect(await screen.findByRole('switch', { name: 'WhatsApp' })).toBeDisabled();

    // Checked lightly here: no + and country code, no request.
    await user.type(number, '0123456789');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(number).toHaveAccessibleDescription(expect.stringContaining('Start with + and the country code'));
    expect(api.requestsTo('POST /user/whatsapp/verify')).toHaveLength(0);

    // The server's check of the number, in words.
    await user.clear(number);
    await user.type(number, '+1 555 0000');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This is not a valid phone number: check the country code and the digits.')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');

    await user.clear(number);
    await user.type(number, '+60 12-345 6789');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('textbox', { name: 'Code from WhatsApp' });
    expect(api.requestsTo('POST /user/whatsapp/verify').at(-1)!.body).toEqual({ number: '+60 12-345 6789' });
    expect(screen.getByText(/We sent a code to \+60123456789 on WhatsApp/)).toBeInTheDocument();
    // A pause before the next code, so one slow message does not use up the hour's few codes.
    expect(screen.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('whatsapp-number')).toHaveTextContent('+60123456789');
    expect(api.requestsTo('POST /user/whatsapp/confirm')[0]!.body).toEqual({ code: '123456' });
    expect(screen.queryByRole('textbox', { name: 'Code from WhatsApp' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'WhatsApp' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'WhatsApp' })).toHaveAccessibleDescription('To +60123456789 on WhatsApp.');

    // Remove asks first; Cancel keeps the number.
    await user.click(screen.getByRole('button', { name: 'Remove +60123456789' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this WhatsApp number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('DELETE /user/whatsapp')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove +60123456789' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this WhatsApp number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('textbox', { name: 'WhatsApp number' })).toHaveValue('');
    expect(api.requestsTo('DELETE /user/whatsapp')).toHaveLength(1);
    expect(screen.queryByTestId('whatsapp-number')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'WhatsApp' })).toBeDisabled());
  });

  it('a wrong code says how many tries are left; a used-up code says to ask for a new one', async () => {
    let left = 2;
    server(
      { ...nothing, pending: { number: '+60123456789', expires_at: inTenMinutes() } },
      {
        'POST /user/whatsapp/confirm': () => {
          left -= 1;
          return left > 0
            ? json({ message: `Wrong code; ${left} try left`, code: 'WHATSAPP_CODE_WRONG', params: { attempts_left: left } }, 400)
            : json({ message: 'Too many wrong codes; ask for a new one', code: 'WHATSAPP_CODE_USED_UP' }, 400);
        },
      },
    );
    const user = userEvent.setup();
    open();

    // A code waiting on the server brings back the code step.
    const code = await screen.findByRole('textbox', { name: 'Code from WhatsApp' });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 6 digits from the message.'));

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('Wrong code. Tries left: 1.')));
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('Too many wrong codes. Ask for a new one.')));
    expect(screen.getByRole('button', { name: 'Send again' })).toBeEnabled();
  });

  it('"Send again" over the limit shows the server\'s 429 and waits for its Retry-After', async () => {
    const { api } = server(
      { ...nothing, pending: { number: '+60123456789', expires_at: inTenMinutes() } },
      {
        'POST /user/whatsapp/verify': () =>
          new Response(JSON.stringify({ message: 'Too many codes requested; try again within the hour', code: 'WHATSAPP_CODE_LIMIT' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '1800' },
          }),
      },
    );
    const user = userEvent.setup();
    open();

    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many codes requested. Try again within the hour.');
    expect(alert).toHaveTextContent(/You can ask for a new code after .+\./);
    expect(api.requestsTo('POST /user/whatsapp/verify')[0]!.body).toEqual({ number: '+60123456789' });
    const again = screen.getByRole('button', { name: 'Send again' });
    expect(again).toBeDisabled();
    await user.click(again);
    expect(api.requestsTo('POST /user/whatsapp/verify')).toHaveLength(1);
  });
});
