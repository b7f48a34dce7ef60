import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { LanguageDropdown } from './LanguageDropdown';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('LanguageDropdown', () => {
  it("reads 'Select Language' until a language is chosen", () => {
    render(<LanguageDropdown />);
    expect(screen.getByRole('button', { name: /Select Language/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes on click', async () => {
    const user = userEvent.setup();
    render(<LanguageDropdown />);
    const trigger = screen.getByRole('button', { name: /Language/ });
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['English', 'Russia', 'Malaysia']);
    await user.click(trigger);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <LanguageDropdown />
        <p>Outside</p>
      </div>,
    );
    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: /Language/ })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('choosing stores selectedLanguage, switches the interface and emits the label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguageDropdown onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Russia' }));
    expect(localStorage.getItem('selectedLanguage')).toBe('RUS');
    expect(onChange).toHaveBeenCalledWith('Russia');
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    // The trigger now shows the choice, in Russian.
    expect(await screen.findByRole('button', { name: 'Язык: Русский' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Язык/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(localStorage.getItem('selectedLanguage')).toBe('EN');
    expect(i18n.language).toBe('en');
  });

  it('offers Malay as Malaysia: stored as MS, lang="ms", the interface in Malay', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguageDropdown onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Language/ }));
    const malay = screen.getByRole('menuitemradio', { name: 'Malaysia' });
    expect(malay.querySelector('img')).toHaveAttribute('src', '/images/flags/my.svg');
    await user.click(malay);
    expect(localStorage.getItem('selectedLanguage')).toBe('MS');
    expect(onChange).toHaveBeenCalledWith('Malaysia');
    expect(i18n.language).toBe('ms');
    expect(document.documentElement.lang).toBe('ms');
    expect(await screen.findByRole('button', { name: 'Bahasa: Bahasa Melayu' })).toBeInTheDocument();
    // Each language names itself in the menu, as a visitor looks for it.
    await user.click(screen.getByRole('button', { name: /Bahasa/ }));
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['English', 'Русский', 'Bahasa Melayu']);
  });

  it('shows a stored choice', () => {
    localStorage.setItem('selectedLanguage', 'EN');
    render(<LanguageDropdown />);
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
  });
});
