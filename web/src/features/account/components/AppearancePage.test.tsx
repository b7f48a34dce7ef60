import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '@/app/layout/signed-in/test-harness';
import { initTheme } from '@/lib/theme';
import { authState } from '@/lib/auth-state';
import i18n from '@/lib/i18n';
import { stubApi } from '@/test/render-with-providers';
import AppearancePage from './AppearancePage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

afterEach(async () => {
  authState.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('Appearance', { timeout: slowMachineMs }, () => {
  it('switches theme and language with the app-wide helpers, which store them', async () => {
    initTheme();
    signInAs({ id: 'u1', email: 'ada@example.com', email_verified_at: null, balance: 0 });
    stubApi({});
    const user = userEvent.setup();
    renderApp('/dashboard/appearance', [{ path: 'dashboard/appearance', element: <AppearancePage /> }]);

    expect(screen.getByRole('radio', { name: /Light/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Dark/ }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('Theme')).toBe('dark');
    // The header's toggle follows.
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();

    expect(screen.getAllByRole('radio', { name: /English|Russian|Malay/ })).toHaveLength(3);
    await user.click(screen.getByRole('radio', { name: /Russian/ }));
    expect(await screen.findByRole('heading', { name: 'Оформление' })).toBeInTheDocument();
    expect(localStorage.getItem('selectedLanguage')).toBe('RUS');
    expect(screen.getByRole('radio', { name: /Русский/ })).toBeChecked();
    // The header's language dropdown shows the choice too.
    expect(screen.getByRole('button', { name: 'Язык: Русский' })).toBeInTheDocument();
  });
});
