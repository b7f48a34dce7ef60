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
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { json, renderWithProviders, stubApi } from '@/test/render-with-providers';
import { jsonExamples, rentActionSchemas, webhookPayloadExample } from '@/features/api-docs/protocol-examples';
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
