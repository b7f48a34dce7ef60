import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import i18n, { i18nReady, languages, namespaces } from '@/lib/i18n';
import { opsNamespaces } from '@/lib/i18n/ops-copy';

// jsdom has <dialog> but not its methods: the least of showModal/close the app's Modal relies on
// (open, focus on the first focusable element, a close event). Tests only; browsers have the real ones.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// Components read copy synchronously in tests: load every namespace in every language first.
beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(languages.map((l) => l.lng));
  await i18n.loadNamespaces([...namespaces, ...opsNamespaces]);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
