import { afterEach, describe, expect, it } from 'vitest';
import { pointAtThisPage } from './use-document-meta';

describe('pointAtThisPage', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  const head = (canonical: string) => {
    document.head.innerHTML = `<link rel="canonical" href="${canonical}"><meta property="og:url" content="${canonical}">`;
  };
  const links = () => ({
    canonical: document.querySelector('link[rel="canonical"]')!.getAttribute('href'),
    og: document.querySelector('meta[property="og:url"]')!.getAttribute('content'),
  });

  it("names the page shown on the build's origin, not the home page index.html was made from", () => {
    head('https://numbernest.example/');
    pointAtThisPage('/dashboard/transaction');
    expect(links()).toEqual({ canonical: 'https://numbernest.example/dashboard/transaction', og: 'https://numbernest.example/dashboard/transaction' });
  });

  it('writes a page as the prerendered HTML names it: no trailing slash, the home page as /', () => {
    head('https://numbernest.example/');
    pointAtThisPage('/service/');
    expect(links().canonical).toBe('https://numbernest.example/service');
    pointAtThisPage('/');
    expect(links().canonical).toBe('https://numbernest.example/');
  });
});
