import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogSummary } from '@numbernest/contracts';
import i18n from '@/lib/i18n';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import BlogListPage from './BlogListPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const posts: BlogSummary[] = [
  {
    id: 7,
    slug: 'second-number',
    published_at: '2025-01-14',
    cover: '/images/blog/second-number.svg',
    title: { en: 'Why a second number helps', ru: 'Зачем нужен второй номер' },
    excerpt: { en: 'Keep your real number private.', ru: 'Сохраните настоящий номер в тайне.' },
  },
];

describe('BlogListPage', () => {
  it('lists posts with cover, date, title and excerpt in English', async () => {
    stubApi({ 'GET /blogs': () => ({ data: posts }) });
    renderWithProviders(<BlogListPage />);
    const link = await screen.findByRole('link', { name: 'Why a second number helps' });
    expect(link).toHaveAttribute('href', '/blogs/7');
    expect(screen.getByText('January 14, 2025')).toBeInTheDocument();
    expect(screen.getByText('Keep your real number private.')).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', '/images/blog/second-number.svg');
  });

  it('uses the Russian copy and date format', async () => {
    stubApi({ 'GET /blogs': () => ({ data: posts }) });
    await i18n.changeLanguage('ru');
    renderWithProviders(<BlogListPage />);
    expect(await screen.findByRole('link', { name: 'Зачем нужен второй номер' })).toBeInTheDocument();
    expect(screen.getByText('14 января 2025 г.')).toBeInTheDocument();
    expect(screen.getByText('Сохраните настоящий номер в тайне.')).toBeInTheDocument();
  });

  it("uses the Malay copy and date format, and a post's English where it has no Malay", async () => {
    const english = { ...posts[0]!, id: 8, slug: 'english-only', title: { en: 'Only in English so far', ru: 'Пока только по-английски' } };
    const malay = {
      ...posts[0]!,
      title: { ...posts[0]!.title, ms: 'Mengapa nombor kedua membantu' },
      excerpt: { ...posts[0]!.excerpt, ms: 'Rahsiakan nombor sebenar anda.' },
    };
    stubApi({ 'GET /blogs': () => ({ data: [malay, english] }) });
    await i18n.changeLanguage('ms');
    renderWithProviders(<BlogListPage />);
    expect(await screen.findByRole('link', { name: 'Mengapa nombor kedua membantu' })).toBeInTheDocument();
    expect(screen.getAllByText('14 Januari 2025')).toHaveLength(2);
    expect(screen.getByText('Rahsiakan nombor sebenar anda.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Only in English so far' })).toBeInTheDocument();
  });

  it('offers a retry after a failed load', async () => {
    let fail = true;
    stubApi({ 'GET /blogs': () => (fail ? new Response('{"message":"Service Unavailable"}', { status: 503 }) : { data: posts }) });
    const user = userEvent.setup();
    renderWithProviders(<BlogListPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Why a second number helps' })).toBeInTheDocument());
  });
});
