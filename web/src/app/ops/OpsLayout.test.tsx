import { defaultUserSettings, type User } from '@numbernest/contracts';
import { operatorsGroup } from '@numbernest/contracts/ops';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/ToastProvider';
import { swrFetcher } from '@/lib/api-client';
import { authState } from '@/lib/auth-state';
import i18n from '@/lib/i18n';
import { stubApi } from '@/test/render-with-providers';
import { RouteTable } from '@/app/route-outlet';
import { routes } from '@/app/router';

const slowMachineMs = 20_000;
// The console and its pages load lazily, compiled on first use here.
const lazyLoad = { timeout: 10_000 };

/** A token as Cognito issues it (only the claims the console reads), with or without the operators group. */
const token = (groups: string[]) => `x.${btoa(JSON.stringify({ 'cognito:groups': groups, exp: Math.floor(Date.now() / 1000) + 3600 }))}.x`;

function signInAs(operator: boolean) {
  authState.signIn(token(operator ? [operatorsGroup] : []), {
    id: 'u1',
    email: 'ada@example.com',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    balance: 0,
    operator,
  });
  const user: User = {
    id: 'u1',
    email: 'ada@example.com',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    balance: 0,
    settings: defaultUserSettings,
    created_at: '2026-01-01T00:00:00.000Z',
    operator,
    account_hold: null,
  };
  return stubApi({
    'GET /user': () => ({ data: user }),
    'GET /ops/audit': () => ({ data: [], next_cursor: null }),
    'GET /ops/users/c1': () => ({ message: 'Not found', code: 'NOT_FOUND' }),
  });
}

/** The app's routes at `path`, as main.tsx shows them (the route table, the shared layout, the lazy console). */
const renderApp = (path: string) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <RouteTable routes={routes} />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.title = '';
});
afterEach(async () => {
  vi.unstubAllGlobals();
  authState.clear();
  await i18n.changeLanguage('en');
});

describe('the operator console (its own route table, in its own chunk)', { timeout: slowMachineMs }, () => {
  it('shows the page of a deep link with its title, keeps the title per page as the operator moves, in English and Russian', async () => {
    signInAs(true);
    const user = userEvent.setup();
    renderApp('/ops/audit');
    const nav = await screen.findByRole('navigation', { name: 'Operator console' }, lazyLoad);
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' }, lazyLoad)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit log · Operator console | NumberNest'));

    await user.click(within(nav).getByRole('link', { name: 'Customers' }));
    await waitFor(() => expect(document.title).toBe('Customers · Operator console | NumberNest'), lazyLoad);

    await act(() => i18n.changeLanguage('ru'));
    await waitFor(() => expect(document.title).toBe('Клиенты · Панель оператора | NumberNest'));
  });

  it("shows the console in its own shell: its header with the operator's e-mail and sign out, none of the site's navigation or footer", async () => {
    signInAs(true);
    renderApp('/ops/audit');
    await screen.findByRole('navigation', { name: 'Operator console' }, lazyLoad);
    // The page's own head is a <header> too (which jsdom's roles count as a banner): the console's is the one naming it.
    const header = screen.getByText('Console').closest('header')!;
    expect(header).toHaveClass('console-header');
    expect(within(header).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: i18n.t('common:nav.homeLink') })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: i18n.t('common:theme.toDark') })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: i18n.t('common:nav.main') })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(await screen.findByRole('heading', { level: 1, name: 'Audit log' }, lazyLoad));
  });

  it("opens one customer's page from its address", async () => {
    signInAs(true);
    renderApp('/ops/users/c1');
    await screen.findByRole('navigation', { name: 'Operator console' }, lazyLoad);
    await waitFor(() => expect(document.title).toBe('Customer · Operator console | NumberNest'), lazyLoad);
  });

  it('refuses a customer who finds the address', async () => {
    signInAs(false);
    renderApp('/ops/audit');
    expect(await screen.findByRole('heading', { name: 'Operators only' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Operator console' })).not.toBeInTheDocument();
  });

  it('answers an unknown /ops address with the app\'s "not found"', async () => {
    signInAs(true);
    renderApp('/ops/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: i18n.t('content:notFound.title') }, lazyLoad)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | NumberNest'));
  });
});
