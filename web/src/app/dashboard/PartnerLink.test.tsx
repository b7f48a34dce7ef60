import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { json, renderRoutes, stubApi } from '@/test/render-with-providers';
import { DashboardNavList } from './DashboardNavList';

const renderNav = () => renderRoutes([{ path: 'dashboard', element: <DashboardNavList /> }], '/dashboard');

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('The dashboard navigation', () => {
  it('links a partner to the partner page', async () => {
    stubApi({ 'GET /user/partner': () => ({ data: { since: '2026-03-01T09:00:00.000Z', agents: 1, max_agents: 50 } }) });
    renderNav();
    expect(await screen.findByRole('link', { name: 'Partner' })).toHaveAttribute('href', '/partner');
  });

  it('shows no such link to anyone else', async () => {
    const api = stubApi({ 'GET /user/partner': () => json({ message: 'Only partners can do this', code: 'PARTNERS_ONLY' }, 403) });
    renderNav();
    expect(await screen.findByRole('link', { name: 'Account Setting' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.requestsTo('GET /user/partner')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Partner' })).toBeNull();
  });
});
