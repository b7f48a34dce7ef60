import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { topUp } from './support/money';
import { buyTemporary, sendSms } from './support/purchase';

// Messenger end to end: Link in Account setting opens the Page's m.me link, here the local
// stand-in's conversation (its person's side posts to the webhook signed, as Meta would); the chat
// says it is linked and the settings notice by themselves; with forwarding on, an SMS's code arrives
// in the chat on a line of its own; a command is answered; Unlink (after confirming) says so there.
// With SHOTS_DIR set, the settings and the chat are also pictured at 1280 and 390 px, light and dark.

test.describe.configure({ timeout: 180_000 });

const shotsDir = process.env.SHOTS_DIR;
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** The chat page as it is now (it is a plain page: read again to see what arrived). */
async function chatShows(chat: Page, text: string | RegExp) {
  await expect(async () => {
    await chat.reload();
    await expect(chat.getByTestId('page-message').last()).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

async function pictures(page: Page, name: string, prepare: (page: Page) => Promise<void>) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((value) => localStorage.setItem('Theme', value), theme);
    for (const [size, viewport] of Object.entries(sizes)) {
      await page.setViewportSize(viewport);
      await page.reload();
      await prepare(page);
      await page.screenshot({ path: `${shotsDir}/${name}-${theme}-${size}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('Theme', 'light'));
  await page.setViewportSize(sizes.desktop);
}

test('link Messenger through the m.me link, get a code forwarded there, ask the balance, unlink', async ({ page, context, baseURL }) => {
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  // Not Stripe: its local API stand-in at /v1/ is shadowed by the 5sim-compatible routes on the same port.
  await topUp(page, 'payeer', '10.00');
  const { number } = await buyTemporary(page);

  await page.goto('/dashboard/account-settings');
  const forwarding = page.getByRole('region', { name: 'Forward each SMS to' });
  const messenger = forwarding.getByRole('switch', { name: 'Messenger' });
  await expect(messenger).toBeDisabled();
  await expect(forwarding.getByTestId('messenger-window-note')).toContainText('24 hours');
  await pictures(page, 'settings-messenger-unlinked', async (shown) => {
    const panel = shown.getByTestId('messenger-settings');
    await panel.getByTestId('messenger-link').waitFor();
    await panel.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  });

  // Link: a new tab opens the link; the stand-in is the person's Messenger, starting the conversation.
  const opened = context.waitForEvent('page');
  await forwarding.getByTestId('messenger-link').click();
  const chat = await opened;
  await expect(chat).toHaveURL(/\/_local\/messenger\?psid=\d+$/, { timeout: 15_000 });
  await expect(chat.getByTestId('page-message').last()).toContainText('Linked: SMS to your NumberNest numbers will arrive here');
  // The settings notice by themselves.
  await expect(forwarding.getByTestId('messenger-linked')).toBeVisible({ timeout: 10_000 });
  await expect(messenger).toBeEnabled();
  await messenger.click();
  await expect(messenger).toBeChecked();

  // An SMS to the number: its code arrives in the chat, alone on its line.
  const upstream = await context.newPage();
  await sendSms(upstream, number, 'Google', 'G-204816 is your Google verification code.');
  await chatShows(chat, 'G-204816 is your Google verification code.');
  const forwarded = (await chat.getByTestId('page-message').last().textContent())!;
  expect(forwarded.split('\n')).toContain('204816');

  // A command.
  await chat.getByRole('textbox', { name: 'Message' }).fill('balance');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('page-message').last()).toContainText(/^Your balance: \$\d+\.\d\d$/);
  await pictures(chat, 'messenger-chat', async (shown) => {
    await shown.getByTestId('page-message').last().waitFor();
  });
  await pictures(page, 'settings-messenger-linked', async (shown) => {
    const panel = shown.getByTestId('messenger-settings');
    await panel.getByTestId('messenger-linked').waitFor();
    await panel.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  });

  // Unlink, after confirming; the chat is told.
  await forwarding.getByTestId('messenger-unlink').click();
  const dialog = page.getByRole('dialog', { name: 'Unlink Messenger?' });
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Messenger unlinked.')).toBeVisible();
  await expect(forwarding.getByTestId('messenger-link')).toBeVisible();
  // Left on, as the other channels' switches are when unlinked, so it can still be turned off; it says why nothing arrives.
  await expect(messenger).toHaveAccessibleDescription('Connect first: not connected yet.');
  await chatShows(chat, 'Unlinked: SMS will no longer be forwarded here.');
});
