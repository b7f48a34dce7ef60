import { expect, test } from '@playwright/test';
import { NumberType, type BlogSummary, type Country, type MobileNumber, type ServiceProvider } from '@numbernest/contracts';
import { rentalPriceDollars } from '@numbernest/core/pricing';
import { copy } from './locale-copy';

// Blog, contact form, FAQ, demo tour and payment against the seeded local cloud.

test('blog list -> post -> back', async ({ page }) => {
  const reply = await page.request.get('/api/blogs');
  const posts = ((await reply.json()) as { data: BlogSummary[] }).data;
  expect(posts.length).toBeGreaterThan(0);
  const [newest] = posts;

  await page.goto('/blogs');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(posts.length);
  await expect(cards.first()).toContainText(newest!.excerpt.en);

  await page.getByRole('link', { name: newest!.title.en }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${newest!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest!.title.en);
  await expect(page.locator('.blog-post__body p').first()).toBeVisible();

  await page.getByRole('link', { name: copy('blog', 'back') }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole('link', { name: newest!.title.en })).toBeVisible();
});

test('blog in Russian, and an unknown post', async ({ page }) => {
  const posts = ((await (await page.request.get('/api/blogs')).json()) as { data: BlogSummary[] }).data;
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'RUS'));
  await page.goto('/blogs');
  await expect(page.getByRole('link', { name: posts[0]!.title.ru })).toBeVisible();

  await page.goto('/blogs/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('blog', 'notFound.title', 'ru'));
  await page.goto('/blogs/not-a-number');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('blog', 'notFound.title', 'ru'));
});

test('blog in Malay: lang="ms" on the document, Malay titles and dates', async ({ page }) => {
  const posts = ((await (await page.request.get('/api/blogs')).json()) as { data: BlogSummary[] }).data;
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'MS'));
  await page.goto('/blogs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('blog', 'title', 'ms'));
  await expect(page.getByRole('link', { name: posts[0]!.title.ms! })).toBeVisible();
  await expect(page).toHaveTitle(`${copy('common', 'titles.blogs', 'ms')} | NumberNest`);
});

test('contact form: validation messages, then a successful submit with a reference id', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.locator('form');
  const submit = form.getByRole('button', { name: copy('contact', 'form.submit') });
  const errorOf = (name: string) => form.locator(`#contact-${name}-error`);

  await submit.click();
  for (const name of ['name', 'email', 'subject', 'message']) await expect(errorOf(name)).toHaveText('Required.');

  await form.getByLabel(copy('contact', 'form.name')).fill('A');
  await form.getByLabel(copy('contact', 'form.email')).fill('alex@');
  await form.getByLabel(copy('contact', 'form.subject')).fill('Hi');
  await form.getByLabel(copy('contact', 'form.message')).fill('Too short');
  await expect(errorOf('name')).toHaveText('Must have at least 2 characters.');
  await expect(errorOf('email')).toHaveText('Invalid email.');
  await expect(errorOf('subject')).toHaveText('Must have at least 3 characters.');
  await expect(errorOf('message')).toHaveText('Must have at least 10 characters.');

  await form.getByLabel(copy('contact', 'form.name')).fill('Alex Morgan');
  await form.getByLabel(copy('contact', 'form.email')).fill('alex@example.com');
  await form.getByLabel(copy('contact', 'form.subject')).fill('Refund for an unused number');
  await form.getByLabel(copy('contact', 'form.message')).fill('My Shared number received no SMS. How do I close it?');
  await expect(form.locator('.field__error')).toHaveCount(0);

  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact-us') && r.request().method() === 'POST');
  await submit.click();
  const reply = (await (await sent).json()) as { id: string };
  expect(reply.id).toBeTruthy();
  await expect(page.getByRole('heading', { name: copy('contact', 'success.title') })).toBeVisible();
  await expect(page.getByTestId('contact-reference')).toHaveText(reply.id);
});

test('contact form messages in Russian', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'RUS'));
  await page.goto('/contact-us');
  await page.getByRole('button', { name: copy('contact', 'form.submit', 'ru') }).click();
  await expect(page.locator('#contact-email-error')).toHaveText(copy('validation', 'required', 'ru'));
  await page.getByLabel(copy('contact', 'form.name', 'ru')).fill('А');
  await expect(page.locator('#contact-name-error')).toHaveText('Введите не менее 2 символов.');
});

test('FAQ: seven entries, the accordion opens one at a time', async ({ page }) => {
  await page.goto('/#faq');
  const faq = page.locator('#faq');
  const questions = faq.locator('.home-faq__question');
  await expect(questions).toHaveCount(7);
  await expect(faq.getByRole('region')).toHaveCount(0);

  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region')).toHaveText(copy('home', 'faq.items.1.a'));
  await questions.nth(2).click();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('region')).toHaveText(copy('home', 'faq.items.2.a'));
});

test('Watch demo opens the animated walkthrough', async ({ page }) => {
  // The page's clock is the test's: a slow machine must not let the tour move on between two steps of the test.
  const start = Date.parse('2026-01-01T00:00:00Z');
  await page.clock.install({ time: start });
  await page.goto('/');
  await page.clock.pauseAt(start + 60_000);
  await page.getByRole('button', { name: copy('home', 'demo.button') }).click();
  const dialog = page.getByRole('dialog', { name: copy('home', 'demo.modalTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(copy('home', 'demo.scenes.0.title'));
  await dialog.getByRole('button', { name: copy('home', 'demo.next') }).click();
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(copy('home', 'demo.scenes.1.title'));
  // It also moves on by itself, after a scene's time and not before.
  await page.clock.runFor(4_000);
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(copy('home', 'demo.scenes.1.title'));
  await page.clock.runFor(400);
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(copy('home', 'demo.scenes.2.title'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('payment page without a handoff says there is nothing to pay', async ({ page }) => {
  await page.goto('/payment');
  // Rendered on the client from cold chunks (no prerendered page for it): slow on a loaded machine.
  await expect(page.getByRole('heading', { name: copy('payment', 'empty.title') })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: copy('payment', 'empty.home') }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('payment page shows the order from the buy-number handoff, and asks a visitor to sign in to pay', async ({ page, request }) => {
  const list = async <T>(path: string, body?: object) => {
    const reply = body ? await request.post(`/api${path}`, { data: body }) : await request.get(`/api${path}`);
    return ((await reply.json()) as { data: T[] }).data;
  };
  const uk = (await list<Country>('/mobile-number-countries')).find((c) => c.name === 'United Kingdom')!;
  const telegram = (await list<ServiceProvider>(`/mobile-number-providers/${uk.id}`)).find((s) => s.name === 'Telegram')!;
  const [number] = await list<MobileNumber>('/get-numbers', { country_id: uk.id, service_provider_id: telegram.id, mobile_number_type_id: NumberType.Shared });
  const total = rentalPriceDollars(telegram, 2).total;
  const record = {
    mobile_number_id: number!.id,
    mobile_number_type_id: NumberType.Shared,
    service_provider_id: telegram.id,
    country_id: uk.id,
    rent_time_id: 2,
  };
  await page.goto('/');
  await page.evaluate((handoff) => localStorage.setItem('buyNumber', JSON.stringify(handoff)), {
    ...record,
    country: 'United Kingdom',
    service: 'Telegram',
    number: number!.mobile_number,
    rent: '2 Week',
    total_price: total,
    paymentMethod: '',
  });
  await page.goto('/payment');
  const summary = page.getByTestId('payment-summary');
  for (const text of ['United Kingdom', 'Telegram', number!.mobile_number, '2 Week', `$${total.toFixed(2)}`]) await expect(summary).toContainText(text);
  await expect(page.getByText(copy('payment', 'pay.signIn'))).toBeVisible();
  await page.getByRole('link', { name: copy('payment', 'backToNumbers') }).click();
  await expect(page).toHaveURL(/\/#get-number$/);
});

test('payment page: a record saved before numbers carried their type asks to choose again', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'buyNumber',
      JSON.stringify({
        mobile_number_id: 12,
        rent_time_id: 2,
        country: 'United Kingdom',
        service: 'Telegram',
        number: '+447700900123',
        rent: '2 Week',
        total_price: 2.45,
        paymentMethod: '',
      }),
    ),
  );
  await page.goto('/payment');
  await expect(page.getByTestId('payment-stale')).toHaveAttribute('data-reason', 'outdated');
  await page.getByRole('link', { name: copy('payment', 'stale.pickAgain') }).click();
  await expect(page).toHaveURL(/\/#get-number$/);
});
