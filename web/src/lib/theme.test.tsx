import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/app/layout/ThemeToggle';
import { initTheme } from './theme';

describe('theme', () => {
  it("'dark' in Theme turns dark mode on at load", () => {
    localStorage.setItem('Theme', 'dark');
    expect(initTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("anything else is stored as 'light'", () => {
    localStorage.setItem('Theme', 'purple');
    expect(initTheme()).toBe('light');
    expect(localStorage.getItem('Theme')).toBe('light');
    localStorage.removeItem('Theme');
    initTheme();
    expect(localStorage.getItem('Theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('the toggle switches and persists the theme', async () => {
    initTheme();
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem('Theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem('Theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
