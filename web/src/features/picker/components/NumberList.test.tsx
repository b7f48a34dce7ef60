import type { MobileNumber } from '@numbernest/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { countries, rentTimes, telegram, whatsapp } from '@/test/catalog-fixtures';
import { searchDelayMs } from './NumberList';
import { NumberPicker } from './NumberPicker';

/** +447700900000, +447700900001, ...: `count` UK numbers, sorted as the server sorts them. */
const ukNumbers = (count: number): MobileNumber[] => Array.from({ length: count }, (_, i) => ({ id: 1000 + i, mobile_number: `+447700${900000 + i}` }));

interface NumbersRequest {
  q?: string;
  limit?: number;
  page?: string;
}

/**
 * POST /get-numbers as the contract has it (contracts/catalog.ts): numbers sorted, at most `limit`
 * (100) a page with an opaque cursor, `q` the digits a number starts with, after the calling code or
 * including it. `pageSize` Infinity answers everything at once, as a server without paging does.
 */
function numbersServer(all: MobileNumber[], pageSize = 100) {
  return (body: unknown) => {
    const { q, limit = pageSize, page } = body as NumbersRequest;
    const matching = q ? all.filter(({ mobile_number: n }) => n.startsWith(`+${q}`) || n.startsWith(`+44${q}`)) : all;
    const start = page ? Number(page.replace('after-', '')) : 0;
    const end = start + Math.min(limit, pageSize);
    return { data: matching.slice(start, end), next_page: end < matching.length ? `after-${end}` : null };
  };
}

function catalogue(numbers: (body: unknown) => unknown) {
  return stubApi({
    'GET /mobile-number-rent-times': () => ({ data: rentTimes }),
    'GET /mobile-number-countries': () => ({ data: countries }),
    'GET /mobile-number-providers/1': () => ({ data: [whatsapp, telegram] }),
    'POST /get-numbers': numbers,
  });
}

const numberColumn = () => screen.getByRole('region', { name: 'Number' });
const scrollBox = () => numberColumn().querySelector<HTMLElement>('.picker-list__body')!;
const rows = () => within(numberColumn()).queryAllByRole('listitem');
const rowTexts = () => rows().map((row) => row.querySelector('.picker-row__number')!.textContent);
const numbersBodies = (api: ReturnType<typeof stubApi>) => api.requestsTo('POST /get-numbers').map((request) => request.body as NumbersRequest);

function scrollTo(top: number) {
  act(() => {
    scrollBox().scrollTop = top;
    fireEvent.scroll(scrollBox());
  });
}

async function openNumbers(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /United Kingdom/ }));
  await user.click(await screen.findByRole('button', { name: /WhatsApp/ }));
  await within(numberColumn()).findByText('+447700900000');
}

// The list is a lazy chunk: transform it once up front, so no test waits on it.
beforeAll(() => import('./NumberList'));
// jsdom lays nothing out and has no Element.scrollTo: the least of it the list's scrolling needs
// (the list's box as tall as its rows, and scrollTo moving it).
const own = {
  scrollTo: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo'),
};
beforeAll(() => {
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as HTMLElement['scrollTo'];
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('picker-list__body') ? parseFloat(this.querySelector('ul')?.style.height ?? '0') : 0;
    },
  });
});
afterAll(() => {
  if (own.scrollTo) Object.defineProperty(HTMLElement.prototype, 'scrollTo', own.scrollTo);
  else Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the number list', () => {
  it('renders a few rows of 5,000 numbers, each known to screen readers by its place among 5,000', async () => {
    catalogue(numbersServer(ukNumbers(5000), Infinity));
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);

    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(60);
    for (const row of rows()) expect(row).toHaveAttribute('aria-setsize', '5000');
    expect(rows()[0]).toHaveAttribute('aria-posinset', '1');
    expect(within(numberColumn()).getByRole('list')).toHaveAccessibleName('Number');

    // Scrolled halfway: the rows there, still a few, at their places.
    scrollTo(2500 * 57);
    await waitFor(() => expect(rowTexts()).toContain('+447700902500'));
    expect(rows().length).toBeLessThan(60);
    const row2500 = rows().find((row) => row.textContent?.includes('+447700902500'))!;
    expect(row2500).toHaveAttribute('aria-posinset', '2501');
    // Nothing more to read: no "Load more".
    expect(within(numberColumn()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads on past short and empty pages (a page the server filled with numbers held for the service)', async () => {
    const numbers = ukNumbers(3);
    // Empty, then empty, then the numbers: the cursors say there is more each time.
    const pages: Record<string, { data: MobileNumber[]; next_page: string | null }> = {
      first: { data: [], next_page: 'p2' },
      p2: { data: [], next_page: 'p3' },
      p3: { data: numbers, next_page: null },
    };
    const api = catalogue((body) => pages[(body as NumbersRequest).page ?? 'first']);
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);
    expect(rowTexts()).toEqual(numbers.map((n) => n.mobile_number));
    expect(numbersBodies(api).map((body) => body.page)).toEqual([undefined, 'p2', 'p3']);
    expect(within(numberColumn()).queryByText('No data Available!')).toBeNull();
  });

  it('reads the next page when the list is scrolled near its end', async () => {
    const api = catalogue(numbersServer(ukNumbers(250)));
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);
    expect(numbersBodies(api)).toEqual([{ mobile_number_type_id: 1, country_id: 1, service_provider_id: 10 }]);
    // More to come: the count is not known yet.
    expect(rows()[0]).toHaveAttribute('aria-setsize', '-1');

    scrollTo(100 * 57 - 491);
    await waitFor(() => expect(numbersBodies(api).at(-1)).toMatchObject({ page: 'after-100' }));
    scrollTo(200 * 57 - 491);
    await waitFor(() => expect(numbersBodies(api).at(-1)).toMatchObject({ page: 'after-200' }));
    scrollTo(250 * 57 - 491);
    await waitFor(() => expect(rowTexts()).toContain('+447700900249'));
    expect(rows().at(-1)).toHaveAttribute('aria-setsize', '250');
    expect(numbersBodies(api)).toHaveLength(3);
    expect(within(numberColumn()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('"Load more" reads the next page and hands the focus to its first number', async () => {
    const api = catalogue(numbersServer(ukNumbers(150)));
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);

    await user.click(within(numberColumn()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(document.activeElement).toHaveTextContent('+447700900100'));
    expect(numbersBodies(api).at(-1)).toMatchObject({ page: 'after-100' });
    expect(document.activeElement!.closest('li')).toHaveAttribute('aria-posinset', '101');
    expect(within(numberColumn()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a failed page says so under the list and is read again on Retry', async () => {
    let fail = true;
    const server = numbersServer(ukNumbers(150));
    catalogue((body) =>
      (body as NumbersRequest).page && fail ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 }) : server(body),
    );
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);

    await user.click(within(numberColumn()).getByRole('button', { name: 'Load more' }));
    expect(await within(numberColumn()).findByRole('alert')).toHaveTextContent('We could not load this list.');
    expect(rowTexts()).toContain('+447700900000');
    fail = false;
    await user.click(within(numberColumn()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows().at(-1)).toHaveAttribute('aria-setsize', '150'));
    expect(within(numberColumn()).queryByRole('alert')).toBeNull();
  });

  it('searches digits on the server past the first page, and clearing the box brings the whole list back', async () => {
    const api = catalogue(numbersServer(ukNumbers(250)));
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);
    const search = within(numberColumn()).getByRole('searchbox', { name: 'Search number' });

    // Loaded matches show at once: the digits 770090009 are in +447700900090 to +447700900099.
    await user.type(search, '7700 900-09');
    expect(rowTexts()).toEqual([
      '+447700900090',
      '+447700900091',
      '+447700900092',
      '+447700900093',
      '+447700900094',
      '+447700900095',
      '+447700900096',
      '+447700900097',
      '+447700900098',
      '+447700900099',
    ]);
    // The server is asked once typing pauses, with the digits, and its answer (past the first page) joins them.
    await waitFor(() => expect(numbersBodies(api).at(-1)).toEqual({ mobile_number_type_id: 1, country_id: 1, service_provider_id: 10, q: '770090009' }));
    expect(numbersBodies(api)).toHaveLength(2);

    await user.clear(search);
    await user.type(search, '+44 7700 900 24');
    await within(numberColumn()).findByText('+447700900249');
    expect(numbersBodies(api).at(-1)).toMatchObject({ q: '44770090024' });
    expect(rowTexts()).toEqual(
      ukNumbers(250)
        .slice(240)
        .map((n) => n.mobile_number),
    );
    expect(rows()[0]).toHaveAttribute('aria-setsize', '10');

    await user.clear(search);
    expect(rowTexts()[0]).toBe('+447700900000');
    expect(rows()[0]).toHaveAttribute('aria-setsize', '-1');
  });

  it('a list read whole is searched where it is, without asking the server', async () => {
    // The clock is the test's: the search's debounce is passed at once, not waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = catalogue(numbersServer(ukNumbers(250), Infinity));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);
    await user.type(within(numberColumn()).getByRole('searchbox'), '90024');
    expect(rowTexts()).toHaveLength(10);
    await act(() => vi.advanceTimersByTimeAsync(searchDelayMs * 4));
    expect(numbersBodies(api)).toHaveLength(1);
    await user.type(within(numberColumn()).getByRole('searchbox'), '9999');
    expect(within(numberColumn()).getByText('No data Available!')).toBeInTheDocument();
  });

  it('the keyboard walks the rows across a page boundary and selects there', async () => {
    const api = catalogue(numbersServer(ukNumbers(150)));
    const user = userEvent.setup();
    renderWithProviders(<NumberPicker />);
    await openNumbers(user);

    // Tab from the search box reaches the first row; Tab walks on as in a plain list.
    await user.click(within(numberColumn()).getByRole('searchbox'));
    await user.tab();
    expect(document.activeElement).toHaveTextContent('+447700900000');
    await user.tab();
    expect(document.activeElement).toHaveTextContent('+447700900001');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveTextContent('+447700900000');

    // End: the last number loaded; the list scrolls there, which reads the next page.
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('+447700900099'));
    await waitFor(() => expect(numbersBodies(api).at(-1)).toMatchObject({ page: 'after-100' }));
    await waitFor(() => expect(rows().at(-1)).toHaveAttribute('aria-setsize', '150'));

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('+447700900100');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveAttribute('aria-pressed', 'true');
    expect(document.activeElement).toHaveTextContent('+447700900100');
    expect(screen.getByRole('combobox', { name: 'Rent period' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-strip')).toHaveTextContent('+447700900100');

    // Scrolled far away, the selected row (and its rent picker) stays in the page.
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveTextContent('+447700900000');
    scrollTo(0);
    expect(rowTexts()).toContain('+447700900100');
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('+447700900149'));
  });
});
