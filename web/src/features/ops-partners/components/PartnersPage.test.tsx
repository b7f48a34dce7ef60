import type { OpsPartner } from '@numbernest/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import PartnersPage from './PartnersPage';

const sub = '5f0c2a3e-1111-4222-8333-944455556666';
const partner = (change: Partial<OpsPartner> = {}): OpsPartner => ({ sub, email: 'bank@example.com', since: '2026-11-20T10:00:00.000Z', agents: 3, ...change });

afterEach(() => vi.unstubAllGlobals());

describe('PartnersPage', () => {
  it('lists each partner with since when and how many agents, linked to the customer page', async () => {
    stubApi({ 'GET /ops/partners': () => ({ data: [partner()] }) });
    renderWithProviders(<PartnersPage />);
    const row = (await screen.findAllByTestId('ops-partner-row'))[0]!;
    expect(within(row).getByRole('link', { name: 'bank@example.com' })).toHaveAttribute('href', `/ops/users/${sub}`);
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText(/2026/)).toBeInTheDocument();
  });

  it('grants the role by e-mail: a malformed address is refused before sending, then the list is read again', async () => {
    let list: OpsPartner[] = [];
    const api = stubApi({
      'GET /ops/partners': () => ({ data: list }),
      'POST /ops/partners': (body) => {
        const granted = partner({ sub: 'b7a1c2d3-0000-4000-8000-000000000001', email: (body as { email: string }).email, agents: 0 });
        list = [granted];
        return { data: granted };
      },
    });
    renderWithProviders(<PartnersPage />);
    expect(await screen.findByText('No partners yet')).toBeInTheDocument();
    const email = screen.getByLabelText('Account e-mail');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant partner role' }));
    expect(await screen.findByText('Invalid email.')).toBeInTheDocument();
    expect(api.requestsTo('POST /ops/partners')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' Owner@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant partner role' }));
    await waitFor(() => expect(api.requestsTo('POST /ops/partners')).toHaveLength(1));
    expect(api.requestsTo('POST /ops/partners')[0]!.body).toEqual({ email: 'owner@example.com' });
    expect(await screen.findByText('owner@example.com is a partner now.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'owner@example.com' })).toBeInTheDocument();
    expect(email).toHaveValue('');
  });

  it('says under the field when no account uses the e-mail', async () => {
    stubApi({
      'GET /ops/partners': () => ({ data: [] }),
      'POST /ops/partners': () => json({ message: 'No account with the e-mail nobody@example.com', code: 'USER_NOT_FOUND' }, 404),
    });
    renderWithProviders(<PartnersPage />);
    fireEvent.change(await screen.findByLabelText('Account e-mail'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant partner role' }));
    expect(await screen.findByText('No account uses this e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText('Account e-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes after asking, saying what happens to the agents', async () => {
    let list = [partner()];
    const api = stubApi({
      'GET /ops/partners': () => ({ data: list }),
      [`DELETE /ops/partners/${sub}`]: () => {
        list = [];
        return { data: { sub, email: 'bank@example.com' } };
      },
    });
    renderWithProviders(<PartnersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the partner role of bank@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Their 3 agents stay registered');
    expect(api.requestsTo(`DELETE /ops/partners/${sub}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('partner-revoke-confirm'));
    await waitFor(() => expect(api.requestsTo(`DELETE /ops/partners/${sub}`)).toHaveLength(1));
    expect(await screen.findByText('bank@example.com is no longer a partner.')).toBeInTheDocument();
    expect(await screen.findByText('No partners yet')).toBeInTheDocument();
  });
});
