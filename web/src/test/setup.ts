import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import i18n, { i18nReady, namespaces } from '../lib/i18n';

// Components read copy synchronously in tests: load every namespace in both languages first.
beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(['en', 'ru']);
  await i18n.loadNamespaces(namespaces);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
