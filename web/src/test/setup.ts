import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import i18n, { i18nReady, languages, namespaces } from '@/lib/i18n';
import { opsNamespaces } from '@/lib/i18n/ops-copy';
import { takeStubProblems } from './reply-contracts';

// findBy… and waitFor wait up to 5 s, not 1: a lazy page module takes over a second to load on a
// loaded 2-core CI machine, and a test that waits for something to appear should not race that.
configure({ asyncUtilTimeout: 5_000 });

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
  // A stubbed reply the server could not send fails its test, even when the app swallowed the fetch's error.
  const problems = takeStubProblems();
  if (problems.length) throw new Error(problems.join('\n\n'));
});
