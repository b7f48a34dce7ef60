import { webhookPayloadSchema } from '@numbernest/contracts';
import {
  rentErrorWords,
  rentWebhookPayloadSchema,
  protocolErrorWords,
  protocolJsonAnswerSchemas,
  protocolTextAnswerSchema,
  protocolWords,
  type ProtocolJsonAction,
} from '@numbernest/contracts/handler-api';
import { fiveSimAnswerSchemas, fiveSimOrderStatuses, fiveSimRefusals, fiveSimRoutes } from '@numbernest/contracts/fivesim';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { jsonExamples, rentActionSchemas, webhookPayloadExample } from '@/features/api-docs/protocol-examples';
import { fiveSimJsonExamples } from '@/features/api-docs/fivesim-examples';
import ApiDocsPage from './ApiDocsPage';

/** GET /api/services as the catalogue answers it: a service the protocol does not carry has no code. */
const services = [
  { id: 1, name: 'Telegram', code: 'tg' },
  { id: 2, name: 'WhatsApp', code: 'wa' },
  { id: 3, name: 'Local Bank', code: null },
];

beforeEach(() => {
  stubApi({ 'GET /services': () => ({ data: services }) });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ApiDocsPage', () => {
  it('documents the protocol in English: base URL, keys, actions with exact answers, codes, webhook', async () => {
    renderWithProviders(<ApiDocsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'API documentation' })).toBeInTheDocument();
    expect(screen.getAllByText(`${window.location.origin}/stubs/handler_api.php`).length).toBeGreaterThan(0);
    expect(screen.getByText(/Up to 20 requests per second per key/)).toBeInTheDocument();
    for (const action of [
      'getBalance',
      'getNumber',
      'getStatus',
      'setStatus',
      'getActiveActivations',
      'getPrices',
      'getCountries',
      'getServicesList',
      'getNumbersStatus',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: action })).toBeInTheDocument();
    }
    const setStatus = screen.getByRole('heading', { level: 3, name: 'setStatus' }).closest('article') as HTMLElement;
    expect(within(setStatus).getByText('8 → ACCESS_CANCEL')).toBeInTheDocument();
    expect(within(setStatus).getByText(/action=setStatus&id=123&status=8/)).toBeInTheDocument();
    expect(screen.getByText('ACCESS_BALANCE:12.50')).toBeInTheDocument();
    expect(screen.getAllByText('ERROR_RATE_LIMIT').length).toBeGreaterThan(0);
    const servicesTable = screen.getByRole('table', { name: 'Services' });
    expect(await within(servicesTable).findByText('tg')).toBeInTheDocument();
    const countries = screen.getByRole('table', { name: 'Countries' });
    expect(within(countries).getByText('187')).toBeInTheDocument();
    expect(screen.getByText(/X-NumberNest-Signature: t=/)).toBeInTheDocument();
    expect(screen.getByText(/timingSafeEqual\(given, wanted\)/)).toBeInTheDocument();
    expect(screen.getByText(/hmac\.compare_digest/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage keys' })).toHaveAttribute('href', '/dashboard/account-settings');
  }, 30_000); // role queries over the whole page (two long tables) take 5-10 s in jsdom on a loaded machine

  it('lists the services the protocol carries from the live catalogue, by their codes', async () => {
    renderWithProviders(<ApiDocsPage />);
    const table = screen.getByRole('table', { name: 'Services' });
    await within(table).findByText('tg');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['tgTelegram', 'waWhatsApp']);
  });

  it('offers a retry when the service list cannot be loaded', async () => {
    const api = stubApi({ 'GET /services': () => json({ message: 'Internal Server Error' }, 500) });
    renderWithProviders(<ApiDocsPage />);
    const table = screen.getByRole('table', { name: 'Services' });
    expect(await within(table).findByText(/The list could not be loaded/)).toBeInTheDocument();
    stubApi({ 'GET /services': () => ({ data: services }) });
    fireEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('wa')).toBeInTheDocument();
    expect(api.requestsTo('GET /services')).toHaveLength(1);
  });

  it('says it in Russian too', async () => {
    await i18n.changeLanguage('ru');
    renderWithProviders(<ApiDocsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Документация API' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Коды ошибок' })).toBeInTheDocument();
    expect(screen.getByText(/До 20 запросов в секунду на ключ/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Страны' })).toHaveTextContent('США');
    expect(screen.getByRole('heading', { level: 3, name: 'getStatus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'API аренды' })).toBeInTheDocument();
    expect(screen.getByTestId('api-docs-rent')).toHaveTextContent('до 168 часов — 1 неделя');
  });

  it('documents the rent API: hours onto periods, full as Private, each action with its JSON answers', async () => {
    renderWithProviders(<ApiDocsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Rent API' })).toBeInTheDocument();
    expect(screen.getByTestId('api-docs-rent')).toHaveTextContent('up to 168 hours buys 1 Week');
    const getRentNumber = screen.getByRole('heading', { level: 3, name: 'getRentNumber' }).closest('article') as HTMLElement;
    expect(within(getRentNumber).getByText(/action=getRentNumber&service=tg/)).toBeInTheDocument();
    expect(within(getRentNumber).getByText('{"status":"error","message":"CHANNELS_LIMIT","info":{"until":"2026-01-01 13-00-00"}}')).toBeInTheDocument();
    const setRentStatus = screen.getByRole('heading', { level: 3, name: 'setRentStatus' }).closest('article') as HTMLElement;
    expect(within(setRentStatus).getByText('{"status":"error","message":"INCORECT_STATUS"}')).toBeInTheDocument();
  }, 30_000);
});

/** The page's answers per action (`getNumber` shows getNumberV2's JSON too), as rendered. */
function shownAnswers(): Array<{ action: string; answer: string }> {
  return screen.getAllByRole('article').flatMap((article) => {
    const action = within(article).getByRole('heading', { level: 3 }).textContent!;
    return [...article.querySelectorAll('.api-docs__answers code')].map((code) => ({ action, answer: code.textContent! }));
  });
}

const jsonActionOf: Record<string, ProtocolJsonAction> = { getNumber: 'getNumberV2', getStatus: 'getStatusV2' };
/** Sample values for the placeholders of a text answer (`ACCESS_NUMBER:{activationId}:{phone}`). */
const filled = (answer: string) =>
  answer
    .replace(/^\d+ → /, '')
    .replace('{activationId}', '123')
    .replace('{phone}', '12025550123')
    .replace('{code}', '123456');
const wordsIn = (text: string) => text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [];

describe('ApiDocsPage against the contract (@numbernest/contracts)', () => {
  it('shows only examples the contract’s schemas accept', () => {
    for (const { action, value } of jsonExamples) expect(protocolJsonAnswerSchemas[action].safeParse(value).error?.issues, action).toBeUndefined();
    expect(webhookPayloadSchema.safeParse(webhookPayloadExample).error?.issues).toBeUndefined();

    renderWithProviders(<ApiDocsPage />);
    const answers = shownAnswers();
    expect(answers.length).toBeGreaterThan(20);
    for (const { action, answer } of answers) {
      if (rentActionSchemas[action]) {
        // The rent API answers JSON only, each by its own schema.
        expect(rentActionSchemas[action].safeParse(JSON.parse(answer)).error?.issues, `${action}: ${answer}`).toBeUndefined();
      } else if (/^[[{]/.test(answer)) {
        const schema = protocolJsonAnswerSchemas[jsonActionOf[action] ?? (action as ProtocolJsonAction)];
        expect(schema.safeParse(JSON.parse(answer)).error?.issues, `${action}: ${answer}`).toBeUndefined();
      } else {
        expect(protocolTextAnswerSchema.safeParse(filled(answer)).success, `${action}: ${answer}`).toBe(true);
      }
    }
    // The webhook body as rendered: a string activationId, as the server sends it.
    const payload = JSON.parse(screen.getByText(/"receivedAt"/).textContent!) as unknown;
    expect(webhookPayloadSchema.parse(payload)).toMatchObject({ activationId: '123' });
    // The rent webhook's body as rendered.
    expect(rentWebhookPayloadSchema.safeParse(JSON.parse(screen.getByText(/"rentId"/).textContent!)).success).toBe(true);
  });

  it('names every answer word of the contract, and no other', () => {
    renderWithProviders(<ApiDocsPage />);
    const errors = [...document.querySelectorAll('[data-testid="api-docs-errors"] dt code')].map((code) => code.textContent!);
    expect(errors).toEqual([...protocolErrorWords]);
    const rentErrors = [...document.querySelectorAll('[data-testid="api-docs-rent-errors"] dt code')].map((code) => code.textContent!);
    expect(rentErrors).toEqual([...rentErrorWords]);
    const answers = shownAnswers();
    const isRent = (action: string) => action in rentActionSchemas;
    const shown = new Set([...errors, ...answers.filter((a) => !isRent(a.action)).flatMap(({ answer }) => wordsIn(answer))]);
    expect([...shown].sort()).toEqual([...protocolWords].sort());
    // Every word of the rent API is shown in some rent action's answers, and no other.
    const shownRent = new Set(
      answers.filter((a) => isRent(a.action)).flatMap(({ answer }) => ((JSON.parse(answer) as { message?: string }).message ?? []) as string[]),
    );
    expect([...shownRent].sort()).toEqual([...rentErrorWords].sort());
  });

  it.each(['en', 'ru'])('explains every error word in %s', async (lng) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<ApiDocsPage />);
    const explained = [...document.querySelectorAll('[data-testid="api-docs-errors"] dd')].map((dd) => dd.textContent!);
    expect(explained).toHaveLength(protocolErrorWords.length);
    for (const [i, text] of explained.entries()) expect(text, protocolErrorWords[i]).not.toMatch(/^(?:apiDocs:)?errors\./);
    const rentExplained = [...document.querySelectorAll('[data-testid="api-docs-rent-errors"] dd')].map((dd) => dd.textContent!);
    expect(rentExplained).toHaveLength(rentErrorWords.length);
    for (const [i, text] of rentExplained.entries()) expect(text, rentErrorWords[i]).not.toMatch(/^(?:apiDocs:)?rent\./);
    for (const action of Object.keys(rentActionSchemas).filter((a) => a !== 'getContinueRentPriceNumber')) {
      const article = screen.getByRole('heading', { level: 3, name: action }).closest('article') as HTMLElement;
      expect(within(article).getByText(/.+/, { selector: 'p' }).textContent, action).not.toMatch(/^(?:apiDocs:)?rent\./);
    }
  });
});

/** The 5sim-compatible API's sections, as rendered. */
const fiveSimSectionIds = ['fivesim', 'fivesimRoutes', 'fivesimStatuses', 'fivesimRefusals', 'fivesimNames', 'fivesimLimits', 'fivesimExamples'];
const fiveSimSection = (id: string) => document.getElementById(`api-${id}`)!.closest('section') as HTMLElement;
/** A rendered text that is a locale key rather than copy (`fivesimRoutes.items.profile`). */
const untranslated = /(?:^|\s)(?:apiDocs:)?(?:fivesim\w*|tocFiveSim|tocSmsActivate)\.[\w.]+/;
const origin = window.location.origin;

describe('ApiDocsPage: the 5sim-compatible API', () => {
  it('gives the base URL and the Bearer key, and links every section from the table of contents', () => {
    renderWithProviders(<ApiDocsPage />);
    const intro = fiveSimSection('fivesim');
    expect(within(intro).getByRole('heading', { level: 2, name: '5sim-compatible API' })).toBeInTheDocument();
    expect(within(intro).getByText(`${origin}/v1/`)).toBeInTheDocument();
    expect(within(intro).getByText('Authorization: Bearer <API key>')).toBeInTheDocument();
    expect(within(intro).getByText(/change only the base URL of your 5sim client/)).toBeInTheDocument();
    expect(screen.getByTestId('api-docs-fivesim-auth')).toHaveTextContent('one key works for both protocols');
    expect(within(intro).getByRole('link', { name: 'Create an API key' })).toHaveAttribute('href', '/dashboard/account-settings');

    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const fiveSimToc = within(toc).getByRole('list', { name: '5sim-compatible API' });
    const linked = within(fiveSimToc)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(linked).toEqual(fiveSimSectionIds.map((id) => `#api-${id}`));
    expect(within(fiveSimToc).getAllByRole('link')[0]).toHaveTextContent('Base URL and key');
    for (const id of fiveSimSectionIds) expect(document.getElementById(`api-${id}`)?.tagName, id).toBe('H2');
    // The SMS-Activate protocol's sections keep their place in the list.
    expect(within(toc).getByRole('list', { name: 'SMS-Activate protocol' })).toHaveTextContent('Base URL');
  });

  it('lists every route of the contract, in its order, with method, key and a description', () => {
    renderWithProviders(<ApiDocsPage />);
    const table = screen.getByTestId('api-docs-fivesim-routes');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-route'))).toEqual(fiveSimRoutes.map((r) => `${r.method} ${r.path}`));
    for (const [i, route] of fiveSimRoutes.entries()) {
      const cells = within(rows[i]!).getAllByRole('cell');
      expect(cells[0]).toHaveTextContent(route.method);
      expect(cells[1]!.textContent).toBe(route.path);
      expect(cells[2]).toHaveTextContent(route.access === 'user' ? 'API key' : 'No key');
      expect(cells[3]!.textContent!.length, route.path).toBeGreaterThan(10);
    }
    const countries = rows.find((row) => row.getAttribute('data-route') === 'GET /v1/guest/countries')!;
    expect(within(countries).getByRole('link')).toHaveAttribute('href', `${origin}/v1/guest/countries`);
    expect(within(fiveSimSection('fivesimRoutes')).getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', `${origin}/api/openapi.json`);
    const buy = rows.find((row) => row.getAttribute('data-route')!.includes('/buy/activation/'))!;
    expect(buy).toHaveTextContent('maxPrice');
    expect(within(buy).queryByRole('link')).toBeNull();
  });

  it('explains every order status and every refusal with its HTTP status, no free phones being 200', () => {
    renderWithProviders(<ApiDocsPage />);
    const statuses = [...screen.getByTestId('api-docs-fivesim-statuses').querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(statuses).toEqual([...fiveSimOrderStatuses]);
    const refusals = within(screen.getByTestId('api-docs-fivesim-refusals'))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(refusals.map(([text, status]) => [text, Number(status)])).toEqual(Object.values(fiveSimRefusals).map((r) => [r.text, r.status]));
    expect(refusals.find(([text]) => text === 'no free phones')).toEqual(['no free phones', '200', expect.stringMatching(/price limit/)]);
    expect(fiveSimSection('fivesimRefusals')).toHaveTextContent('no free phones is HTTP 200, as in 5sim');
    expect(within(fiveSimSection('fivesimStatuses')).getByRole('link', { name: 'Refunds and limits' })).toHaveAttribute('href', '#api-rules');
  });

  it("names countries and products by 5sim's names with links to the live lists, operator any, hosting periods, dollars, rate", () => {
    renderWithProviders(<ApiDocsPage />);
    const names = screen.getByTestId('api-docs-fivesim-names');
    expect(within(names).getByRole('link', { name: 'GET /v1/guest/countries' })).toHaveAttribute('href', `${origin}/v1/guest/countries`);
    expect(within(names).getByRole('link', { name: 'GET /v1/guest/products/any/any' })).toHaveAttribute('href', `${origin}/v1/guest/products/any/any`);
    expect(names).toHaveTextContent('england, usa, russia');
    expect(names).toHaveTextContent('Operator: any only');
    expect(names).toHaveTextContent('1week — 1 week2weeks — 2 weeks1month — 1 month');
    expect(names).toHaveTextContent('3hours → 1week, 1day → 1week, 10days → 2weeks');
    expect(names).toHaveTextContent('US dollars');
    expect(names).toHaveTextContent('shown once 20 activations say it');
    const limits = screen.getByTestId('api-docs-fivesim-limits');
    expect(limits).toHaveTextContent("the SMS-Activate protocol's getNumber answers WRONG_MAX_PRICE");
    expect(limits).toHaveTextContent('overrides the saved limit');
    expect(fiveSimSection('fivesimLimits')).toHaveTextContent(`-d '{"product_name":"telegram","price":0.50}' "${origin}/v1/user/max-prices"`);
  });

  it('walks one activation through with curl against real addresses, and points an existing client at us', () => {
    renderWithProviders(<ApiDocsPage />);
    const steps = within(screen.getByTestId('api-docs-fivesim-steps')).getAllByRole('listitem');
    const requests = steps.map((step) => step.querySelectorAll('pre')[0]!.textContent);
    expect(requests).toEqual([
      `curl -H "Authorization: Bearer $KEY" "${origin}/v1/user/profile"`,
      `curl -H "Authorization: Bearer $KEY" "${origin}/v1/user/buy/activation/england/any/telegram?maxPrice=0.50"`,
      `curl -H "Authorization: Bearer $KEY" "${origin}/v1/user/check/123456"`,
      `curl -H "Authorization: Bearer $KEY" "${origin}/v1/user/finish/123456"`,
    ]);
    const statuses = steps.slice(1).map((step) => (JSON.parse(step.querySelectorAll('pre')[1]!.textContent!) as { status: string }).status);
    expect(statuses).toEqual(['PENDING', 'RECEIVED', 'FINISHED']);
    const client = within(fiveSimSection('fivesimExamples')).getByLabelText('JavaScript');
    expect(client).toHaveTextContent(`UserService.baseURL = '${origin}/v1';`);
    expect(client).toHaveTextContent(`GuestService.baseURL = '${origin}/v1';`);
    expect(fiveSimSection('fivesimExamples')).toHaveTextContent(`set its base URL to ${origin}/v1 and pass your API key`);
  });

  it('shows only JSON answers the contract’s schemas accept', () => {
    const schemas = fiveSimAnswerSchemas as Record<string, (typeof fiveSimAnswerSchemas)[keyof typeof fiveSimAnswerSchemas]>;
    for (const { route, value } of fiveSimJsonExamples) expect(schemas[route]!.safeParse(value).error?.issues, route).toBeUndefined();

    renderWithProviders(<ApiDocsPage />);
    const steps = within(screen.getByTestId('api-docs-fivesim-steps')).getAllByRole('listitem');
    const stepRoutes = [
      'GET /v1/user/profile',
      'GET /v1/user/buy/activation/{country}/{operator}/{product}',
      'GET /v1/user/check/{id}',
      'GET /v1/user/finish/{id}',
    ];
    for (const [i, step] of steps.entries()) {
      const answer = JSON.parse(step.querySelectorAll('pre')[1]!.textContent!) as unknown;
      expect(schemas[stepRoutes[i]!]!.safeParse(answer).error?.issues, stepRoutes[i]).toBeUndefined();
    }
    const pricesShown = fiveSimSection('fivesimNames').querySelector('pre')!.textContent!;
    expect(schemas['GET /v1/guest/prices']!.safeParse(JSON.parse(pricesShown.slice(pricesShown.indexOf('{')))).success).toBe(true);
    const limitsShown = [...fiveSimSection('fivesimLimits').querySelectorAll('pre')].at(-1)!.textContent!;
    expect(schemas['GET /v1/user/max-prices']!.safeParse(JSON.parse(limitsShown)).success).toBe(true);
  });

  it.each([
    ['en', '5sim-compatible API', 'Routes'],
    ['ru', 'API, совместимый с 5sim', 'Маршруты'],
    ['ms', 'API serasi 5sim', 'Laluan'],
  ])('says all of it in %s', async (lng, title, routesTitle) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<ApiDocsPage />);
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: routesTitle })).toBeInTheDocument();
    const toc = screen.getByRole('navigation');
    expect(within(toc).getByRole('list', { name: title })).toBeInTheDocument();
    for (const id of fiveSimSectionIds) {
      const section = fiveSimSection(id);
      for (const node of section.querySelectorAll('h2, h3, p, li, dd, td, th, a')) {
        expect(node.textContent, `${lng} #api-${id}`).not.toMatch(untranslated);
      }
    }
    // The route paths and refusal sentences stay as they are, in every language.
    expect(screen.getByTestId('api-docs-fivesim-routes')).toHaveTextContent('/v1/user/buy/activation/{country}/{operator}/{product}');
    expect(screen.getByTestId('api-docs-fivesim-refusals')).toHaveTextContent('you need to wait time');
  });
});
