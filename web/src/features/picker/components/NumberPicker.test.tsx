import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders, signIn, stubApi } from '@/test/render-with-providers';
import { authState } from '@/lib/auth-state';
import { countries, numbers, privateCountries, rentTimes, telegram, temporaryNumbers, whatsapp } from '@/test/catalog-fixtures';
import i18n from '@/lib/i18n';
import { NumberPicker } from './NumberPicker';
import { sharedWhatsAppMonth } from '@/test/purchase-fixtures';

// The number list is a lazy chunk: transform it once up front, so no test waits on it.
beforeAll(() => import('./NumberList'));
afterEach(() => {
  vi.unstubAllGlobals();
  authState.clear();
});

const person = { id: 'u1', email: 'a@b.c', email_verified_at: '2026-01-02T10:00:00.000Z', balance: 20 };

/** The API as the picker sees it: UK has WhatsApp and Telegram; every selection has two numbers. */
function catalogue(overrides: Record<string, (body: unknown) => unknown> = {}) {
  return stubApi({
    'GET /mobile-number-rent-times': () => ({ data: rentTimes }),
    'GET /mobile-number-countries': () => ({ data: countries }),
    'GET /private-numbers': () => ({ data: privateCountries }),
    'GET /mobile-number-providers/1': () => ({ data: [whatsapp, telegram] }),
    'GET /mobile-number-providers/2': () => ({ data: [] }),
    'GET /temporary-availability/1': () => ({ data: [{ service_provider_id: whatsapp.id, available: 37 }] }),
    'POST /get-numbers': (body) => ({
      data: (body as { mobile_number_type_id: number }).mobile_number_type_id === 3 ? temporaryNumbers : numbers,
      next_page: null,
    }),
    ...overrides,
  });
}

const column = (name: string) => screen.getByRole('region', { name });
const listTexts = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.picker-row__name')!.textContent);

async function pickSharedNumber(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
  await user.click(await screen.findByRole('button', { name: /WhatsApp/ }));
  await user.click(await screen.findByRole('button', { name: /\+447700900111/ }));
}

describe('NumberPicker', () => {
  it('lists countries sorted, filters them by a case-insensitive search and suppresses Enter', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    const countryColumn = column('Country');
    await within(countryColumn).findByText('United Kingdom');
    expect(listTexts(countryColumn)).toEqual(['Austria', 'Germany', 'United Kingdom']);

    const search = within(countryColumn).getByRole('searchbox', { name: 'Search country' });
    await user.type(search, 'gER');
    expect(listTexts(countryColumn)).toEqual(['Germany']);

    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    search.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);

    await user.clear(search);
    await user.type(search, 'xyz');
    expect(within(countryColumn).getByText('No data Available!')).toBeInTheDocument();
  });

  it('names, sorts and searches countries in the interface language', async () => {
    await i18n.changeLanguage('ru');
    try {
      catalogue();
      const user = userEvent.setup();
      renderWithProviders(<NumberPicker />);
      const countryColumn = column('Страна');
      await within(countryColumn).findByText('Великобритания');
      expect(listTexts(countryColumn)).toEqual(['Австрия', 'Великобритания', 'Германия']);
      await user.type(within(countryColumn).getByRole('searchbox'), 'герм');
      expect(listTexts(countryColumn)).toEqual(['Германия']);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the empty states: no countries, waiting for a country or service, no data', async () => {
    catalogue({ 'GET /mobile-number-countries': () => ({ data: [] }) });
    renderWithProviders(<NumberPicker />);
    expect(await within(column('Country')).findByText('No Country List!')).toBeInTheDocument();
    expect(within(column('Service')).getByText('Select Country From List')).toBeInTheDocument();
    expect(within(column('Number')).getByText('Select Country From List')).toBeInTheDocument();
  });

  it('says so when a country has no services, and asks for a service before numbers', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await user.click(await screen.findByRole('button', { name: /Germany/ }));
    expect(await within(column('Service')).findByText('No data Available!')).toBeInTheDocument();
    expect(within(column('Number')).getByText('Select Service From List')).toBeInTheDocument();
  });

  it('marks discounted services with a badge and the struck-through original price', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    const whatsappRow = await screen.findByRole('button', { name: /WhatsApp/ });
    expect(within(whatsappRow).getByTestId('discount-badge')).toHaveTextContent('-10%');
    expect(whatsappRow.querySelector('s')).toHaveTextContent('$15.00');
    expect(whatsappRow).toHaveTextContent('$0.50/day');
    expect(whatsappRow).toHaveTextContent('1 Month: $13.50');

    const telegramRow = screen.getByRole('button', { name: /Telegram/ });
    expect(within(telegramRow).queryByTestId('discount-badge')).toBeNull();
    expect(telegramRow.querySelector('s')).toBeNull();
  });

  it('switching tab resets the selection', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await pickSharedNumber(user);
    expect(screen.getByRole('combobox', { name: 'Rent period' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Private' }));
    expect(screen.getByRole('tab', { name: 'Private' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('region', { name: 'Service' })).toBeNull();
    expect(within(column('Number')).getByText('Select Country From List')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Shared' }));
    expect(await within(column('Country')).findByText('United Kingdom')).toBeInTheDocument();
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();
    expect(within(column('Service')).getByText('Select Country From List')).toBeInTheDocument();
  });

  it('selecting a service clears the chosen number and resets the week', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await pickSharedNumber(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rent period' }), '1 Week');
    await user.click(screen.getByRole('button', { name: /Telegram/ }));
    await within(column('Number')).findByText('+447700900111');
    expect(screen.queryByRole('combobox', { name: 'Rent period' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /\+447700900111/ }));
    expect(screen.getByRole('combobox', { name: 'Rent period' })).toHaveValue('');
  });

  it('Get Now warns a signed-in person to pick a week', async () => {
    catalogue();
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await pickSharedNumber(user);
    expect(screen.getByRole('combobox', { name: 'Rent period' })).toHaveDisplayValue('Select week');
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    expect(await screen.findByText('Select purchase week')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a visitor’s Get Now warns "Please login first", keeps the selection and goes to sign up, coming back to the picker', async () => {
    catalogue();
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/', element: <NumberPicker /> },
        { path: '/signUp', element: <p>Sign up</p> },
      ],
      '/',
    );
    await pickSharedNumber(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rent period' }), '1 Month');
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please login first');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signUp'));
    expect(new URLSearchParams(router.state.location.search).get('return')).toBe('/dashboard/buy-number');
    expect(JSON.parse(localStorage.getItem('pendingPick')!)).toMatchObject({
      type: 1,
      country: { name: 'United Kingdom' },
      service: { name: 'WhatsApp' },
      number: { mobile_number: '+447700900111' },
      rent_time_id: 3,
    });
    expect(localStorage.getItem('buyNumber')).toBeNull();
  });

  it('a visitor’s "Any number" is kept through signing up and comes back chosen, its confirmation open', async () => {
    catalogue();
    const user = userEvent.setup();
    const visit = renderRoutes(
      [
        { path: '/', element: <NumberPicker /> },
        { path: '/signUp', element: <p>Sign up</p> },
      ],
      '/',
    );
    await user.click(screen.getByRole('tab', { name: 'Temporary' }));
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    await user.click(await screen.findByRole('button', { name: /WhatsApp/ }));
    await screen.findByRole('button', { name: /Any number\s*37 available/ });
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    await waitFor(() => expect(visit.router.state.location.pathname).toBe('/signUp'));
    expect(JSON.parse(localStorage.getItem('pendingPick')!)).toMatchObject({ type: 3, service: { name: 'WhatsApp' }, number: null, rent_time_id: null });
    visit.unmount();

    authState.signIn('test-token', person);
    const { router } = renderRoutes([
      { path: '/', element: <NumberPicker /> },
      { path: '/payment', element: <p>Payment</p> },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    for (const text of ['United Kingdom', 'WhatsApp', 'Any number', '20 minutes', '$0.30']) expect(dialog).toHaveTextContent(text);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toMatchObject({ mobile_number_id: null, mobile_number_type_id: 3, country_id: 1 });
  });

  it('signed in with a kept selection: shows it again with its confirmation open, once', async () => {
    catalogue();
    localStorage.setItem(
      'pendingPick',
      JSON.stringify({
        type: 1,
        country: countries.find((c) => c.name === 'United Kingdom'),
        service: whatsapp,
        number: numbers[0],
        rent_time_id: 3,
        saved_at: Date.now(),
      }),
    );
    authState.signIn('test-token', person);
    const user = userEvent.setup();
    const { router } = renderRoutes([
      { path: '/', element: <NumberPicker /> },
      { path: '/payment', element: <p>Payment</p> },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    for (const text of ['United Kingdom', 'WhatsApp', numbers[0]!.mobile_number, '1 Month', '$13.50']) expect(dialog).toHaveTextContent(text);
    expect(localStorage.getItem('pendingPick')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toMatchObject({
      mobile_number_id: numbers[0]!.id,
      service_provider_id: whatsapp.id,
      rent_time_id: 3,
    });
  });

  it('on hold: Get Now says purchases are paused instead of opening the confirmation', async () => {
    catalogue();
    authState.signIn('test-token', { ...person, account_hold: { since: '2026-01-05T10:00:00.000Z', cause: 'card-refund' } });
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await pickSharedNumber(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rent period' }), '1 Month');
    expect(screen.getByTestId('hold-purchase-note')).toHaveTextContent('purchases are paused');
    expect(screen.getByRole('button', { name: 'Get Now' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms the order, stores the purchase handoff and goes to /payment', async () => {
    catalogue();
    signIn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NumberPicker />);
    await pickSharedNumber(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rent period' }), '1 Month');
    expect(document.querySelector('.rent-picker__amount')).toHaveTextContent('$13.50');

    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your order' });
    for (const text of ['United Kingdom', 'WhatsApp', '+447700900111', '1 Month', '$13.50']) expect(dialog).toHaveTextContent(text);

    // Escape and Back close it without storing anything.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));

    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toEqual(sharedWhatsAppMonth);
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('opens the confirmation as a modal dialog, focus inside', async () => {
    catalogue();
    signIn();
    const user = userEvent.setup();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    renderWithProviders(<NumberPicker />);
    await pickSharedNumber(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rent period' }), '1 Week');
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    const dialog = screen.getByRole('dialog');
    // showModal makes the page behind inert, so Tab stays inside (the browser's doing; jsdom has no inertness).
    expect(showModal).toHaveBeenCalledOnce();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    showModal.mockRestore();
  });

  it('Private: country with per-day price, then numbers; hands over no service', async () => {
    catalogue();
    signIn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NumberPicker />);
    await user.click(screen.getByRole('tab', { name: 'Private' }));
    const canada = await screen.findByRole('button', { name: /Canada/ });
    expect(canada).toHaveTextContent('$0.80/day');
    await user.click(screen.getByRole('button', { name: /United Kingdom/ }));
    await user.click(await screen.findByRole('button', { name: /\+447700900222/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rent period' }), '1 Week');
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('All services');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toMatchObject({
      rent_time_id: 1,
      mobile_number_type_id: 2,
      service_provider_id: null,
      service: '',
      total_price: 6.5,
    });
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('Temporary: only services with an activation price; Get Now opens the modal with 20 minutes', async () => {
    const api = catalogue();
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await user.click(screen.getByRole('tab', { name: 'Temporary' }));
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    await screen.findByRole('button', { name: /WhatsApp/ });
    expect(screen.queryByRole('button', { name: /Telegram/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /WhatsApp/ }));
    await user.click(await screen.findByRole('button', { name: /\+447700900333/ }));
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('20 minutes');
    expect(dialog).toHaveTextContent('$0.30');
    const numbersCall = api.mock.calls.find(([url]) => String(url).endsWith('/get-numbers'));
    expect(JSON.parse(String(numbersCall![1]!.body))).toEqual({ mobile_number_type_id: 3, country_id: 1, service_provider_id: 10 });
  });

  it('Temporary: "Any number" is the first row, with its count, chosen by default; Get Now hands it over without a number', async () => {
    catalogue();
    signIn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NumberPicker />);
    await user.click(screen.getByRole('tab', { name: 'Temporary' }));
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    await user.click(await screen.findByRole('button', { name: /WhatsApp/ }));
    const any = await screen.findByRole('button', { name: /Any number\s*37 available/ });
    expect(any).toHaveAttribute('aria-pressed', 'true');
    // Our own numbers stay listed under it.
    expect(await screen.findByRole('button', { name: /\+447700900333/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('summary-strip')).toHaveTextContent('Any number');

    // A number picked instead, then "Any number" again.
    await user.click(screen.getByRole('button', { name: /\+447700900333/ }));
    expect(any).toHaveAttribute('aria-pressed', 'false');
    await user.click(any);
    expect(any).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { name: 'Get Now' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Get Now' }));
    const dialog = screen.getByRole('dialog');
    for (const text of ['United Kingdom', 'WhatsApp', 'Any number', '20 minutes', '$0.30']) expect(dialog).toHaveTextContent(text);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(JSON.parse(localStorage.getItem('buyNumber')!)).toEqual({
      mobile_number_id: null,
      rent_time_id: null,
      mobile_number_type_id: 3,
      service_provider_id: whatsapp.id,
      country_id: 1,
      country: 'United Kingdom',
      service: 'WhatsApp',
      number: '',
      rent: '20 minutes',
      total_price: 0.3,
    });
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('Temporary: each service shows how often its code arrives, in each language', async () => {
    catalogue({
      'GET /temporary-availability/1': () => ({
        data: [{ service_provider_id: whatsapp.id, available: 37, delivery_rate: 0.92 }],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await user.click(screen.getByRole('tab', { name: 'Temporary' }));
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    const whatsappRow = await screen.findByRole('button', { name: /WhatsApp/ });
    await waitFor(() => expect(whatsappRow).toHaveTextContent('92% delivered'));
    await user.click(whatsappRow);
    expect(await screen.findByRole('button', { name: /Any number\s*37 available\s*92% delivered/ })).toBeInTheDocument();
    await i18n.changeLanguage('ru');
    try {
      await waitFor(() => expect(screen.getByRole('button', { name: /WhatsApp/ })).toHaveTextContent('92 % доставлено'));
      await i18n.changeLanguage('ms');
      await waitFor(() => expect(screen.getByRole('button', { name: /WhatsApp/ })).toHaveTextContent('92% dihantar'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it.each([
    ['too few activations to say', { delivery_rate: null }],
    ['an older server', {}],
  ])('Temporary: no rate is shown with %s', async (_, rate) => {
    catalogue({ 'GET /temporary-availability/1': () => ({ data: [{ service_provider_id: whatsapp.id, available: 37, ...rate }] }) });
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await user.click(screen.getByRole('tab', { name: 'Temporary' }));
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    await user.click(await screen.findByRole('button', { name: /WhatsApp/ }));
    await screen.findByRole('button', { name: /Any number\s*37 available/ });
    expect(screen.queryByTestId('delivery-rate')).toBeNull();
  });

  it('Temporary: with nothing on offer "Any number" is disabled and says so, in each language', async () => {
    catalogue({ 'GET /temporary-availability/1': () => ({ data: [{ service_provider_id: whatsapp.id, available: 0 }] }) });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await user.click(screen.getByRole('tab', { name: 'Temporary' }));
    await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
    await user.click(await screen.findByRole('button', { name: /WhatsApp/ }));
    const any = await screen.findByRole('button', { name: /Any number\s*No numbers right now/ });
    expect(any).toBeDisabled();
    expect(any).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Get Now' })).toBeNull();
    expect(screen.getByTestId('summary-strip')).toHaveTextContent('Select Number From List');
    await i18n.changeLanguage('ru');
    try {
      expect(await screen.findByRole('button', { name: /Любой номер\s*Сейчас номеров нет/ })).toBeDisabled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows an error with Retry when a list fails, and loads on retry', async () => {
    let fail = true;
    catalogue({
      'GET /mobile-number-countries': () => (fail ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 }) : { data: countries }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    const countryColumn = column('Country');
    expect(await within(countryColumn).findByText('We could not load this list.')).toBeInTheDocument();
    expect(within(countryColumn).queryByRole('status')).toBeNull();
    fail = false;
    await user.click(within(countryColumn).getByRole('button', { name: 'Retry' }));
    expect(await within(countryColumn).findByText('United Kingdom')).toBeInTheDocument();
  });

  it('shows a spinner per list while it loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = catalogue();
    const answer = api.getMockImplementation()!;
    api.mockImplementation(async (...args) => {
      if (String(args[0]).endsWith('/mobile-number-countries')) await gate;
      return answer(...args);
    });
    renderWithProviders(<NumberPicker />);
    expect(within(column('Country')).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(column('Country')).queryByRole('status')).toBeNull());
  });

  it('the mobile back arrow steps back through service, then country', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toBeDisabled();
    await pickSharedNumber(user);
    const strip = screen.getByTestId('summary-strip');
    expect(strip).toHaveTextContent('United Kingdom');
    expect(strip).toHaveTextContent('WhatsApp');
    expect(strip).toHaveTextContent('+447700900111');
    expect(strip).toHaveTextContent('Select week');

    await user.click(back);
    expect(strip).toHaveTextContent('Select Service From List');
    expect(strip).toHaveTextContent('United Kingdom');
    await user.click(back);
    expect(strip).toHaveTextContent('Select Country From List');
    expect(back).toBeDisabled();
  });

  it('the summary strip scrolls in steps of 100px', async () => {
    catalogue();
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    const strip = screen.getByTestId('summary-strip');
    await user.click(screen.getByRole('button', { name: 'Scroll summary right' }));
    expect(strip.scrollLeft).toBe(100);
    await user.click(screen.getByRole('button', { name: 'Scroll summary right' }));
    await user.click(screen.getByRole('button', { name: 'Scroll summary left' }));
    expect(strip.scrollLeft).toBe(100);
  });
});
