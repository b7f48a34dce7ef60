import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/ToastProvider';
import { stubApi } from '@/test/render-with-providers';
import { PushNotificationsControl } from './PushNotificationsControl';

/** The browser's side: a registration whose push manager subscribes, and Notification's permission. */
function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean; worker?: boolean } = {}) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe,
  };
  let current = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const registration = options.worker === false ? undefined : { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => registration) } });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  const requestPermission = vi.fn(async () => options.answer ?? 'granted');
  Object.defineProperty(window, 'Notification', { configurable: true, value: { permission: options.permission ?? 'default', requestPermission } });
  return { pushManager, requestPermission, unsubscribe };
}

const stubPushApi = () =>
  stubApi({
    'GET /user/push/public-key': () => ({ data: { key: 'BPublicKey' } }),
    'POST /user/push/subscriptions': () => ({ message: 'success', data: { subscriptions: 1 } }),
    'DELETE /user/push/subscriptions': () => ({ message: 'success', data: { subscriptions: 0 } }),
  });
let api: ReturnType<typeof stubPushApi>;

const show = () =>
  render(
    <ToastProvider>
      <PushNotificationsControl />
    </ToastProvider>,
  );

describe('PushNotificationsControl', () => {
  beforeEach(() => {
    api = stubPushApi();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    delete (window as { PushManager?: unknown }).PushManager;
    delete (window as { Notification?: unknown }).Notification;
  });

  it('asks permission, subscribes with the server’s key and posts the subscription', async () => {
    const browser = fakeBrowser();
    show();
    const toggle = await screen.findByRole('switch', { name: 'Receive on this device' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BPublicKey' });
    expect(api.requestsTo('POST /user/push/subscriptions')[0]?.body).toMatchObject({
      endpoint: 'https://push.example.com/send/abc',
      keys: { auth: 'a'.repeat(22) },
    });
  });

  it('unsubscribes this browser and tells the server', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    show();
    const toggle = await screen.findByRole('switch', { name: 'Receive on this device' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(api.requestsTo('DELETE /user/push/subscriptions')[0]?.body).toEqual({ endpoint: 'https://push.example.com/send/abc' });
  });

  it('stays off and says how to unblock when the visitor refuses', async () => {
    fakeBrowser({ answer: 'denied' });
    show();
    await userEvent.click(await screen.findByRole('switch', { name: 'Receive on this device' }));
    expect(await screen.findAllByText(/Notifications are blocked for this site/)).not.toHaveLength(0);
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(api).not.toHaveBeenCalled();
  });

  it('is disabled with an explanation where the browser has no Web Push', async () => {
    show();
    const toggle = await screen.findByRole('switch', { name: 'Receive on this device' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/This browser cannot receive push notifications here/)).toBeInTheDocument();
  });
});
