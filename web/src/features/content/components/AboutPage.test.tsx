import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languages } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import accountCopy from '@/locales/en/account.json';
import AboutPage from './AboutPage';

describe('AboutPage', () => {
  it('says support answers in every language the interface speaks', async () => {
    renderWithProviders(<AboutPage />);
    const support = (await screen.findByRole('heading', { level: 3, name: 'People to talk to' })).closest('li')!;
    const names: Record<string, string> = accountCopy.appearance.languages;
    for (const { code } of languages) expect(support).toHaveTextContent(names[code]!);
  });
});
