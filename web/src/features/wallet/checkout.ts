import type { Checkout } from '@numbernest/contracts';

/** The ways out of the page, replaceable in tests (jsdom can neither navigate nor submit a form). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  submit: (form: HTMLFormElement) => form.submit(),
};

/**
 * Sends the browser to the provider: GET opens `url` (any `fields` join its query), POST submits a
 * hidden form with `fields` as hidden inputs.
 */
export function goToCheckout(checkout: Checkout): void {
  const fields = Object.entries(checkout.fields);
  if (checkout.method === 'GET') {
    if (!fields.length) return browser.assign(checkout.url);
    const url = new URL(checkout.url, window.location.href);
    for (const [name, value] of fields) url.searchParams.set(name, value);
    return browser.assign(url.toString());
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = checkout.url;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  browser.submit(form);
}
