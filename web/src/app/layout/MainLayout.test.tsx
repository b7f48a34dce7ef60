import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { MainLayout } from './MainLayout';
import { RouteTable } from '@/app/route-outlet';

function renderLayout(path = '/') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteTable
        routes={[
          {
            element: <MainLayout />,
            children: [
              { index: true, handle: { title: 'titles.home' }, element: <Link to="/about">To about</Link> },
              { path: 'about', handle: { title: 'titles.about' }, element: <h1 id="team">About page</h1> },
            ],
          },
        ]}
      />
    </MemoryRouter>,
  );
}

const scrollTo = vi.fn();
beforeEach(() => {
  vi.stubGlobal('scrollTo', scrollTo);
  scrollTo.mockClear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  await i18n.changeLanguage('en');
});

const scrollWindowTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });

describe('MainLayout', () => {
  it('the header gets its shadow once the page is scrolled past 100px', () => {
    renderLayout();
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('site-header--scrolled');
    scrollWindowTo(100);
    expect(header).not.toHaveClass('site-header--scrolled');
    scrollWindowTo(101);
    expect(header).toHaveClass('site-header--scrolled');
    scrollWindowTo(20);
    expect(header).not.toHaveClass('site-header--scrolled');
  });

  it('shows the signed-out header: links, Sign In, Sign Up, language', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Our Service', '/service'],
      ['About us', '/about'],
      ['Contact', '/contact-us'],
    ]);
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/logIn');
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]).toHaveAttribute('href', '/signUp');
    expect(screen.getByRole('button', { name: /Select Language/ })).toBeInTheDocument();
  });

  it('the hamburger opens a menu with the same links and closes on Escape', async () => {
    const user = userEvent.setup();
    renderLayout();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await user.click(burger);
    const menu = screen.getByRole('navigation', { name: 'Mobile navigation' });
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Our Service', 'About us', 'Contact', 'Sign In', 'Sign Up']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).toBeNull();
  });

  it('the footer has its columns, a Help Desk that leads to the contact form, the app’s install badge and no links out', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Blog', '/blogs'],
      ['Tutorials', '/tutorial'],
      ['Help Desk', '/contact-us'],
      ['Payment Policy', '/payment-policy'],
      ['About', '/about'],
      ['Privacy & Policy', '/privacy-policy'],
      ['Terms & condition', '/terms-condition'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: /Install NumberNest/ })).toHaveAttribute('href', '/install');
    // Every link stays on the site: there are no social accounts to send anyone to.
    for (const link of within(footer).getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/(?!\/)/);
  });

  it('sets the title on navigation and on a language change, and scrolls to the top', async () => {
    const description = document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'description' }));
    const user = userEvent.setup();
    renderLayout();
    await waitFor(() => expect(document.title).toBe('NumberNest — virtual numbers for SMS verification'));
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'To about' }));
    await waitFor(() => expect(document.title).toBe('About us | NumberNest'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    await act(() => i18n.changeLanguage('ru'));
    await waitFor(() => expect(document.title).toBe('О нас | NumberNest'));
    await act(() => i18n.changeLanguage('ms'));
    await waitFor(() => expect(document.title).toBe('Tentang kami | NumberNest'));
    expect(description.content).toMatch(/^Sewa nombor telefon maya/);
    description.remove();
  });

  it('scrolls the hash target into view instead of to the top', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView; // jsdom has none
    try {
      renderLayout('/about#team');
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
