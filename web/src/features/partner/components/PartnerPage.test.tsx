import type { Agent } from '@numbernest/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import PartnerPage from './PartnerPage';

const now = Date.now();
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

let nextId = 1;
/** An agent as GET /user/partner/agents lists it (ids shaped as the server makes them). */
function agent(change: Partial<Agent> = {}): Agent {
  const serial = String(nextId++).padStart(16, '0');
  return {
    id: `mbd2k9x0a${serial}`,
    name: 'Bank one',
    url: 'https://bank-one.example.com/smshub',
    state: 'active',
    paused: false,
    blocked_reason: null,
    over_reporting_until: null,
    created_at: '2026-03-01T10:00:00.000Z',
    last_poll_at: ago(10),
    last_latency_ms: 120,
    last_error: null,
    stock: 1250,
    sold: 42,
    earned: 12.34,
    ended: 56,
    success_rate: 0.75,
    ...change,
  };
}

const summary = (agents: number) => ({ data: { since: '2026-03-01T09:00:00.000Z', agents, max_agents: 50 } });

/** A partner's server: the summary and the list read from `agents`, which the handlers given change. */
function partnerApi(agents: Agent[], more: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /user/partner': () => summary(agents.length),
    'GET /user/partner/agents': () => ({ data: agents }),
    'GET /user/partner/payouts': () => ({ data: [] }),
    'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
    ...more,
  });
}

const renderPage = () =>
  renderRoutes(
    [
      { path: 'partner', element: <PartnerPage /> },
      { path: 'contact-us', element: <p>Contact page</p> },
    ],
    '/partner',
  );

const cardOf = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Partner page', { timeout: 20_000 }, () => {
  it('lists each agent with its state in words, its last check, stock, sold and earnings', async () => {
    partnerApi([
      agent({ name: 'Active bank' }),
      agent({ name: 'Paused bank', state: 'paused', paused: true, last_poll_at: null, last_latency_ms: null, stock: 0, sold: 0, earned: 0 }),
      agent({ name: 'Blocked bank', state: 'blocked', blocked_reason: 'Numbers did not receive codes' }),
      agent({ name: 'Greedy bank', state: 'over-reporting', over_reporting_until: '2026-12-01T15:30:00.000Z', last_error: 'GET_NUMBER: no numbers left' }),
    ]);
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Partner', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('partner-since')).toHaveTextContent('Partner since');
    expect(screen.getByTestId('partner-since')).toHaveTextContent('4 of 50 agents');

    const active = await cardOf('Active bank');
    expect(within(active).getByTestId('agent-state')).toHaveTextContent('Active');
    expect(within(active).getByText('https://bank-one.example.com/smshub')).toBeInTheDocument();
    expect(within(active).getByTestId('agent-last-poll')).toHaveTextContent(/now · 120 ms/);
    expect(within(active).getByTestId('agent-stock')).toHaveTextContent('1,250');
    expect(within(active).getByTestId('agent-sold')).toHaveTextContent('42');
    expect(within(active).getByTestId('agent-earned')).toHaveTextContent('$12.34');
    expect(within(active).getByTestId('agent-success-rate')).toHaveTextContent('75%');
    expect(within(active).queryByTestId('agent-state-note')).toBeNull();
    expect(within(active).queryByTestId('agent-last-error')).toBeNull();
    expect(within(active).getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    const paused = await cardOf('Paused bank');
    expect(within(paused).getByTestId('agent-state')).toHaveTextContent('Paused');
    expect(within(paused).getByTestId('agent-state-note')).toHaveTextContent('You paused it');
    expect(within(paused).getByTestId('agent-last-poll')).toHaveTextContent('Not checked yet');
    expect(within(paused).getByTestId('agent-earned')).toHaveTextContent('$0.00');
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();

    const blocked = await cardOf('Blocked bank');
    expect(within(blocked).getByTestId('agent-state')).toHaveTextContent('Blocked');
    expect(within(blocked).getByTestId('agent-state-note')).toHaveTextContent('Blocked by our team: Numbers did not receive codes');

    const greedy = await cardOf('Greedy bank');
    expect(within(greedy).getByTestId('agent-state')).toHaveTextContent('Over-reporting');
    expect(within(greedy).getByTestId('agent-state-note')).toHaveTextContent(/announced more numbers than it could give.*until .*2026/);
    expect(within(greedy).getByTestId('agent-last-error')).toHaveTextContent('Last error: GET_NUMBER: no numbers left');

    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByText(/GET_SERVICES, GET_NUMBER, FINISH_ACTIVATION and PUSH_SMS/)).toBeInTheDocument();
    expect(screen.getByText(/every 15 seconds/)).toBeInTheDocument();
  });

  it('adds an agent: the refused URL is shown on its field, then the key once, with the PUSH_SMS URL', async () => {
    const agents: Agent[] = [];
    const api = partnerApi(agents, {
      'POST /user/partner/agents': (body) => {
        const { name, url } = body as { name: string; url: string };
        if (url.includes('10.0.0.1'))
          return json(
            {
              message: "This URL cannot be an agent's address: it points at a private address",
              code: 'VALIDATION_FAILED',
              errors: { url: ["This URL cannot be an agent's address: it points at a private address"] },
              fields: { url: [{ code: 'AGENT_URL_REFUSED', params: { reason: 'it points at a private address' } }] },
            },
            400,
          );
        const added = agent({ name, url, last_poll_at: null, last_latency_ms: null, stock: 0, sold: 0, earned: 0 });
        agents.push(added);
        return json({ data: added, key: 'agk_secret_shown_once' }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add agent' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add agent' });
    // The contract's own schema judges the form before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST /user/partner/agents')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Bank KL');
    await user.type(within(dialog).getByLabelText('Agent URL'), 'http://10.0.0.1/smshub');
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    const url = within(dialog).getByLabelText('Agent URL');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/This URL cannot be an agent's address: it points at a private address/);
    // Leaving the field keeps the server's word on it (the browser cannot judge an address); typing clears it.
    await user.tab();
    expect(url).toHaveAccessibleDescription(/it points at a private address/);

    await user.clear(url);
    await user.type(url, 'https://bank-kl.example.com/smshub');
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    const keyDialog = await screen.findByRole('dialog', { name: 'Bank KL is added' });
    expect(api.requestsTo('POST /user/partner/agents').at(-1)!.body).toEqual({ name: 'Bank KL', url: 'https://bank-kl.example.com/smshub' });
    expect(within(keyDialog).getByTestId('agent-key')).toHaveTextContent('agk_secret_shown_once');
    expect(within(keyDialog).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(keyDialog).getByTestId('agent-push-url')).toHaveTextContent(`${window.location.origin}/api/agents/sms`);
    expect(within(keyDialog).getByRole('button', { name: 'Copy Agent key' })).toBeInTheDocument();

    await user.click(within(keyDialog).getByRole('button', { name: 'I saved the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await cardOf('Bank KL')).toBeInTheDocument();
    expect(screen.queryByText('agk_secret_shown_once')).toBeNull();
  });

  it('opens an agent’s activations below the list, and closes them', async () => {
    const bank = agent({ name: 'Active bank' });
    partnerApi([bank], {
      [`GET /user/partner/agents/${bank.id}/activations`]: () => ({
        data: [
          {
            id: '0mx1vz52ra71b390b783bac2a',
            activation_id: '9223372036854775807',
            started_at: ago(120),
            ended_at: ago(30),
            country_code: 'US',
            country_name: 'USA',
            service: 'Telegram',
            number: '+14045550101',
            outcome: 'sold',
            earned: 0.12,
          },
        ],
        next_cursor: null,
      }),
    });
    renderPage();
    const card = await cardOf('Active bank');
    await userEvent.click(within(card).getByRole('button', { name: 'Activations of Active bank' }));
    const panel = await screen.findByTestId('agent-activity');
    expect(within(panel).getByRole('heading', { name: 'Activations of Active bank' })).toBeInTheDocument();
    expect(await within(panel).findByText('+14045550101')).toBeInTheDocument();
    expect(within(panel).getByTestId('activation-outcome')).toHaveTextContent('Sold');
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('agent-activity')).toBeNull();
  });

  it('pauses and resumes an agent', async () => {
    const agents = [agent({ name: 'Bank one' })];
    const patched: unknown[] = [];
    const user = userEvent.setup();
    partnerApi(agents, {
      [`PATCH /user/partner/agents/${agents[0]!.id}`]: (body) => {
        patched.push(body);
        const { paused } = body as { paused: boolean };
        agents[0] = { ...agents[0]!, paused, state: paused ? 'paused' : 'active' };
        return { data: agents[0] };
      },
    });
    renderPage();
    const card = await cardOf('Bank one');
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(within(card).getByTestId('agent-state')).toHaveTextContent('Paused'));
    expect(await screen.findByText('Bank one paused')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(within(card).getByTestId('agent-state')).toHaveTextContent('Active'));
    expect(patched).toEqual([{ paused: true }, { paused: false }]);
  });

  it('a paused agent an operator then blocked is shown blocked, and its partner can still resume it', async () => {
    partnerApi([agent({ name: 'Held bank', state: 'blocked', paused: true, blocked_reason: 'Under review' })]);
    renderPage();
    const card = await cardOf('Held bank');
    expect(within(card).getByTestId('agent-state')).toHaveTextContent('Blocked');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('removes an agent only once asked, and not when the question is cancelled', async () => {
    const agents = [agent({ name: 'Bank one' }), agent({ name: 'Bank two', url: 'https://bank-two.example.com/smshub' })];
    const removeKey = `DELETE /user/partner/agents/${agents[0]!.id}`;
    const user = userEvent.setup();
    const api = partnerApi(agents, {
      [removeKey]: () => {
        agents.splice(0, 1);
        return { status: 'success', message: 'Agent removed' };
      },
    });
    renderPage();
    const card = await cardOf('Bank one');
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('dialog', { name: 'Remove Bank one?' });
    expect(within(question).getByText(/What it has earned stays on your balance/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(removeKey)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Bank one?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bank one removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bank one', level: 3 })).toBeNull());
    expect(api.requestsTo(removeKey)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Bank two', level: 3 })).toBeInTheDocument();
    expect(screen.getByTestId('partner-since')).toHaveTextContent('1 of 50 agents');
  });

  it('makes a new key once asked and shows it once', async () => {
    const agents = [agent({ name: 'Bank one' })];
    const rotateKey = `POST /user/partner/agents/${agents[0]!.id}/key`;
    const user = userEvent.setup();
    const api = partnerApi(agents, { [rotateKey]: () => ({ data: agents[0]!, key: 'agk_rotated_key' }) });
    renderPage();
    await user.click(within(await cardOf('Bank one')).getByRole('button', { name: 'New key' }));
    const question = await screen.findByRole('dialog', { name: 'Make a new key for Bank one?' });
    expect(within(question).getByText(/The current key stops working at once/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Make new key' }));
    const shown = await screen.findByRole('dialog', { name: 'New key for Bank one' });
    expect(within(shown).getByTestId('agent-key')).toHaveTextContent('agk_rotated_key');
    expect(api.requestsTo(rotateKey)).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('agk_rotated_key')).toBeNull();
  });

  it('renames an agent and changes its URL; a refused URL stays on its field', async () => {
    const agents = [agent({ name: 'Bank one' })];
    const patchKey = `PATCH /user/partner/agents/${agents[0]!.id}`;
    const user = userEvent.setup();
    const api = partnerApi(agents, {
      [patchKey]: (body) => {
        const change = body as { name?: string; url?: string };
        if (change.url?.includes('169.254'))
          return json(
            {
              message: "This URL cannot be an agent's address: it points at a link-local address",
              code: 'VALIDATION_FAILED',
              fields: { url: [{ code: 'AGENT_URL_REFUSED', params: { reason: 'it points at a link-local address' } }] },
            },
            400,
          );
        agents[0] = { ...agents[0]!, ...change };
        return { data: agents[0] };
      },
    });
    renderPage();
    await user.click(within(await cardOf('Bank one')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bank one' });
    const name = within(dialog).getByLabelText('Name');
    const url = within(dialog).getByLabelText('Agent URL');
    expect(url).toHaveValue('https://bank-one.example.com/smshub');
    await user.clear(name);
    await user.type(name, 'Bank uno');
    await user.clear(url);
    await user.type(url, 'http://169.254.169.254/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/it points at a link-local address/));

    await user.clear(url);
    await user.type(url, 'https://uno.example.com/smshub');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await cardOf('Bank uno')).toHaveTextContent('https://uno.example.com/smshub');
    expect(api.requestsTo(patchKey).at(-1)!.body).toEqual({ name: 'Bank uno', url: 'https://uno.example.com/smshub' });
  });

  it('tells someone who is not a partner what the page is for and how to become one', async () => {
    const api = stubApi({
      'GET /user/partner': () => json({ message: 'Only partners can do this', code: 'PARTNERS_ONLY' }, 403),
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    expect(await screen.findByText('This page is for partners')).toBeInTheDocument();
    expect(screen.getByText(/To become a partner, contact our support/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add agent' })).toBeNull();
    expect(api.requestsTo('GET /user/partner/agents')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Contact support' }));
    expect(router.state.location.pathname).toBe('/contact-us');
  });
});
