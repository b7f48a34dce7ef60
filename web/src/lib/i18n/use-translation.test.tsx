import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createTranslator, type I18n, type NamespaceCopy } from './translator';
import { useTranslationOf } from './use-translation';

const copy: Record<string, NamespaceCopy> = {
  'en/common': { hello: 'Hello', count_one: '{{count}} message', count_other: '{{count}} messages' },
  'ru/common': {
    hello: 'Привет',
    count_one: '{{count}} сообщение',
    count_few: '{{count}} сообщения',
    count_many: '{{count}} сообщений',
    count_other: '{{count}} сообщения',
  },
  'en/page': { title: 'Page title' },
  'ru/page': { title: 'Заголовок' },
};

/** A translator whose loads wait until the test releases them, so loading states can be seen. */
function heldTranslator() {
  const held = new Map<string, () => void>();
  const i18n = createTranslator({
    lng: 'en',
    defaultNS: 'common',
    load: (lng, ns) => new Promise((resolve) => held.set(`${lng}/${ns}`, () => resolve(copy[`${lng}/${ns}`]!))),
  });
  const release = async (id: string) => {
    const go = held.get(id);
    if (!go) throw new Error(`${id} was not requested (held: ${[...held.keys()].join(', ')})`);
    held.delete(id);
    await act(async () => go());
  };
  return { i18n, held, release };
}

function Page({ i18n, count = 5 }: { i18n: I18n; count?: number }) {
  const { t } = useTranslationOf(i18n, ['page', 'common']);
  return (
    <p>
      {t('title')} · {t('common:hello')} · {t('common:count', { count })}
    </p>
  );
}

function Shell({ i18n }: { i18n: I18n }) {
  const { t, ready } = useTranslationOf(i18n, 'common', { useSuspense: false });
  return <span data-testid="shell">{ready ? t('hello') : t('hello', { defaultValue: 'Loading copy' })}</span>;
}

describe('useTranslation', () => {
  it('suspends to the nearest boundary until its namespaces have loaded', async () => {
    const { i18n, held, release } = heldTranslator();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page i18n={i18n} />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect([...held.keys()].sort()).toEqual(['en/common', 'en/page']);
    await release('en/page');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await release('en/common');
    expect(screen.getByText('Page title · Hello · 5 messages')).toBeInTheDocument();
  });

  it('with useSuspense false renders at once, then again with the copy', async () => {
    const { i18n, release } = heldTranslator();
    render(<Shell i18n={i18n} />);
    expect(screen.getByTestId('shell')).toHaveTextContent('Loading copy');
    await release('en/common');
    expect(screen.getByTestId('shell')).toHaveTextContent('Hello');
  });

  it('re-renders every user on a language change, once the new copy has loaded, without suspending', async () => {
    const { i18n, release } = heldTranslator();
    const loading = i18n.loadNamespaces(['common', 'page']);
    await release('en/common');
    await release('en/page');
    await loading;
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page i18n={i18n} count={22} />
        <Shell i18n={i18n} />
      </Suspense>,
    );
    expect(screen.getByText('Page title · Hello · 22 messages')).toBeInTheDocument();
    const switching = i18n.changeLanguage('ru');
    await release('ru/common');
    // Still English (not the fallback) while the page's Russian copy loads.
    expect(screen.getByText('Page title · Hello · 22 messages')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    await release('ru/page');
    await act(() => switching);
    expect(screen.getByText('Заголовок · Привет · 22 сообщения')).toBeInTheDocument();
    expect(screen.getByTestId('shell')).toHaveTextContent('Привет');
    expect(i18n.language).toBe('ru');
  });
});
