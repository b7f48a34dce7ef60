import { expect, test } from '@playwright/test';

// The shared layout against the real local cloud: language, theme, header, hamburger.

test('switches the interface to Russian and back, storing selectedLanguage', async ({ page }) => {
  await page.goto('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Our Service' })).toBeVisible();
  await expect(page).toHaveTitle('About us | NumberNest');

  const trigger = header.getByRole('button', { name: /Select Language/ });
  await trigger.click();
  await expect(page.getByRole('menuitemradio')).toHaveText(['English', 'Russia', 'Malaysia']);
  await page.getByRole('menuitemradio', { name: 'Russia' }).click();

  await expect(header.getByRole('link', { name: 'Наш сервис' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Служба поддержки');
  await expect(page).toHaveTitle('О нас | NumberNest');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('RUS');

  // The choice survives a reload.
  await page.reload();
  await expect(header.getByRole('link', { name: 'Наш сервис' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Язык: Русский' })).toBeVisible();

  await header.getByRole('button', { name: /Язык/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(header.getByRole('link', { name: 'Our Service' })).toBeVisible();
  await expect(page).toHaveTitle('About us | NumberNest');
  expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('EN');
});

test('the language menu closes on Escape and on a click outside', async ({ page }) => {
  await page.goto('/');
  const trigger = page.getByRole('banner').getByRole('button', { name: /Select Language/ });
  await trigger.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await trigger.click();
  await page.mouse.click(5, 400);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('the dark theme survives a reload', async ({ page }) => {
  // The body fades its background over 0.2 s; without motion it is 0.01 ms, yet a read in the same
  // frame as the switch still sees the old colour: the reads below wait for the colour to settle.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const html = page.locator('html');
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(html).toHaveAttribute('data-theme', 'light');
  const lightBackground = await bodyBackground();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('Theme'))).toBe('dark');
  await expect.poll(bodyBackground).not.toBe(lightBackground);
  const darkBackground = await bodyBackground();

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect.poll(bodyBackground).toBe(darkBackground);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('Theme'))).toBe('light');
});

test('the header gets a shadow once the page is scrolled past 100px', async ({ page }) => {
  await page.goto('/');
  // Wait for the landing page itself, so there is something to scroll.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 90));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  // Sticky: still at the top of the viewport.
  expect((await header.boundingBox())?.y).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('a small screen gets a hamburger menu with the same links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  const burger = header.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeVisible();

  await burger.click();
  const menu = page.getByRole('navigation', { name: 'Mobile navigation' });
  await expect(menu.getByRole('link')).toHaveText(['Our Service', 'About us', 'Contact', 'Sign In', 'Sign Up']);
  await menu.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();
  await expect(page).toHaveTitle('About us | NumberNest');
});

test('navigating scrolls to the top; the footer links and Help Desk', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole('link', { name: 'Help Desk' })).toHaveAttribute('href', '/contact-us');
  await footer.getByRole('link', { name: 'Terms & condition' }).click();
  await expect(page).toHaveURL(/\/terms-condition$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
