import { verifiedProfile } from '@/app/layout/signed-in/test-harness';

/** Test-only: whole settings screens with lazy parts render slowly on a busy machine; the default 5 s is too tight. */
export const slowMachineMs = 20_000;

/** Test-only: what the Account setting page reads besides the panel under test, answered as for a new account. */
export const quietSettingsPage = {
  'GET /user': () => ({ data: { ...verifiedProfile } }),
  'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
  'GET /user/notifications': () => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } }),
  'GET /user/api-keys': () => ({ message: 'success', data: [], max: 5 }),
  'GET /user/max-prices': () => ({ message: 'success', data: [] }),
  'GET /services': () => ({ data: [] }),
};

/** No webhook set (for the tests of the other panels). */
export const noWebhook = { 'GET /user/webhook': () => ({ message: 'success', data: { url: null, secret: null, deliveries: [] } }) };
