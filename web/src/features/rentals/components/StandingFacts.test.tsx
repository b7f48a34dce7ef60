import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Standing } from '@numbernest/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSignedIn, signInAs, verifiedUser } from '@/app/layout/signed-in/test-harness';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { StandingFacts } from './StandingFacts';

const standard: Standing = {
  tier: 'standard',
  delivered: 8,
  unused: 1,
  window_days: 7,
  success_rate: 89,
  held: 2,
  hold_limit: 10,
  close_refunds: true,
  paused_until: null,
};

const renderFacts = (standing: Standing) => {
  signInAs(verifiedUser);
  stubApi({ 'GET /user/standing': () => ({ message: 'success', data: standing }) });
  return renderWithProviders(
    <dl className="facts">
      <StandingFacts />
    </dl>,
  );
};

afterEach(resetSignedIn);

describe('StandingFacts', () => {
  it('shows the tier, the numbers held of the limit and how the recent numbers went, and explains the rules with their figures', async () => {
    renderFacts(standard);
    expect(await screen.findByTestId('standing-tier')).toHaveTextContent('Standard');
    expect(screen.getByTestId('standing-held')).toHaveTextContent('2 of 10');
    expect(screen.getByText('Codes in the last 7 days').nextElementSibling).toHaveTextContent('8 of 9 numbers (89%)');
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.setup().click(screen.getByText('How standing works'));
    expect(screen.getByText(/holds up to 10 numbers at once \(100 when trusted\), and no more than 25%/)).toBeVisible();
  });

  it('a paused account is told why and until when, and that it lifts by itself', async () => {
    renderFacts({
      ...standard,
      tier: 'paused',
      delivered: 0,
      unused: 10,
      success_rate: 0,
      held: 0,
      hold_limit: 0,
      close_refunds: false,
      paused_until: '2026-12-05T00:00:00.000Z',
    });
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(/Purchases are paused until .*2026.*: 10 of your recent numbers were refunded without an SMS/);
    expect(screen.getByTestId('standing-tier')).toHaveAttribute('data-tier', 'paused');
    expect(within(screen.getByTestId('standing-held')).getByText('0 of 0')).toBeInTheDocument();
  });

  it('a new account reads "No numbers yet"', async () => {
    renderFacts({ ...standard, delivered: 0, unused: 0, success_rate: null, held: 0 });
    expect(await screen.findByText('No numbers yet')).toBeInTheDocument();
  });
});
