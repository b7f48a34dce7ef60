import type { PurchaseDecision } from '@numbernest/contracts/ops';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { PurchaseDecisions } from './PurchaseDecisions';

const agent = { source: 'agent:0m1abcdef0123456789abcde0', kind: 'agent' as const, name: 'KL bank' };
const upstream = { source: 'upstream:0m1abcdef0123456789abcdef', kind: 'upstream' as const, name: 'HeroSMS' };
const own = { source: 'own', kind: 'own' as const, name: 'own' };

const bought: PurchaseDecision = {
  id: '0m1abcdef0000000000000001',
  at: '2026-11-28T09:15:00.000Z',
  country_id: 7,
  country_name: 'Malaysia',
  service_id: 3,
  service_name: 'Google',
  price: 0.5,
  candidates: [
    { ...agent, rate: 0.91, rank_rate: 0.9, activations: 140, margin: 0.12, call_ms: 300, median_ms_to_code: 9_500 },
    { ...own, rate: null, rank_rate: 0.75, activations: 4, margin: 0.5, call_ms: 0, median_ms_to_code: null },
  ],
  excluded: [upstream],
  tried: [
    { ...agent, outcome: 'no-numbers', detail: 'NO_NUMBERS', ms: 412 },
    { ...own, outcome: 'bought', detail: null, ms: 35 },
  ],
  bought: own,
  rental_id: 'rental00042',
  ms: 460,
};

const noneSold: PurchaseDecision = {
  ...bought,
  id: '0m1abcdef0000000000000000',
  at: '2026-11-27T09:15:00.000Z',
  service_name: 'Telegram',
  candidates: [{ ...own, rate: null, rank_rate: 0.75, activations: 4, margin: 0.5, call_ms: 0, median_ms_to_code: null }],
  excluded: [],
  tried: [{ ...own, outcome: 'no-numbers', detail: null, ms: 20 }],
  bought: null,
  rental_id: null,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PurchaseDecisions', () => {
  it('lists each decision with its place and outcome, and opens it for the candidates in order, the sources kept out and each answer', async () => {
    stubApi({ 'GET /ops/users/sub-0001/purchase-decisions': () => ({ data: [bought, noneSold] }) });
    renderWithProviders(<PurchaseDecisions sub="sub-0001" />);
    const [first, second] = await screen.findAllByTestId('ops-user-decision');
    expect(within(first!).getByText(/Malaysia · Google/)).toBeInTheDocument();
    expect(within(first!).getByText('Bought from')).toBeInTheDocument();
    expect(within(first!).getByText('rental00042')).toBeInTheDocument();
    expect(within(second!).getByText(/Malaysia · Telegram/)).toBeInTheDocument();
    expect(within(second!).getByText('None sold')).toBeInTheDocument();

    const details = within(first!).getByRole('group');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(within(first!).getByText('Bought from'));
    expect(details).toHaveAttribute('open');

    const [candidates, tried] = within(first!).getAllByRole('table');
    const candidateRows = within(candidates!).getAllByRole('row').slice(1);
    expect(within(candidateRows[0]!).getByText('KL bank')).toBeInTheDocument();
    expect(within(candidateRows[0]!).getByText('91%')).toBeInTheDocument();
    expect(within(candidateRows[0]!).getByText('$0.12')).toBeInTheDocument();
    expect(within(candidateRows[0]!).getByText('9.5 sec')).toBeInTheDocument();
    expect(within(candidateRows[1]!).getByText('Our numbers')).toBeInTheDocument();
    expect(within(candidateRows[1]!).getByTitle('Too few activations here to tell')).toHaveTextContent('—');

    expect(within(first!).getByText('Kept out by the source rules').nextElementSibling).toHaveTextContent('HeroSMS upstream');

    const triedRows = within(tried!).getAllByRole('row').slice(1);
    expect(triedRows.map((row) => row.textContent)).toEqual(["1KL bank partner's SIM bankNo numbers NO_NUMBERS412 ms", '2Our numbersSold35 ms']);
    expect(within(first!).getByText('Routed in 460 ms.')).toBeInTheDocument();
  });

  it('says so when the customer bought nothing routed yet', async () => {
    stubApi({ 'GET /ops/users/sub-0001/purchase-decisions': () => ({ data: [] }) });
    renderWithProviders(<PurchaseDecisions sub="sub-0001" />);
    expect(await screen.findByText('No Temporary purchases routed yet')).toBeInTheDocument();
  });

  it('speaks Malay', async () => {
    await i18n.changeLanguage('ms');
    stubApi({ 'GET /ops/users/sub-0001/purchase-decisions': () => ({ data: [noneSold] }) });
    renderWithProviders(<PurchaseDecisions sub="sub-0001" />);
    const [decision] = await screen.findAllByTestId('ops-user-decision');
    expect(within(decision!).getByText('Tiada yang menjual')).toBeInTheDocument();
    expect(within(decision!).getByText('Tiada nombor')).toBeInTheDocument();
  });
});
