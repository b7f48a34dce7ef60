import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import { Faq } from './Faq';

afterEach(() => i18n.changeLanguage('en'));

const list = () => screen.getByRole('list');
const questions = () => within(list()).getAllByRole('button');
const answers = () => within(list()).queryAllByRole('region');

describe('Faq', () => {
  it('has seven entries, all closed at first', () => {
    renderWithProviders(<Faq />);
    expect(questions()).toHaveLength(7);
    for (const question of questions()) expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answers()).toHaveLength(0);
  });

  it('opens one answer at a time and closes it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Faq />);
    const [first, second] = questions();
    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(within(list()).getByRole('region', { name: first!.textContent! })).toHaveTextContent(/disposable/);
    await user.click(second!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answers()).toHaveLength(1);
    expect(answers()[0]).toHaveTextContent(/within 20 minutes of purchase for the full cost back/);
    await user.click(second!);
    expect(answers()).toHaveLength(0);
  });

  it('covers the FAQ claims in Russian too', async () => {
    await i18n.changeLanguage('ru');
    renderWithProviders(<Faq />);
    expect(screen.getByRole('heading', { name: 'Частые вопросы' })).toBeInTheDocument();
    expect(questions()).toHaveLength(7);
    expect(i18n.t('faq.items.2.a', { ns: 'home' })).toMatch(/два-три месяца/);
  });
});
