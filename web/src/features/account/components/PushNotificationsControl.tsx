import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useToast } from '@/components/toast/toast-context';
import { pushState, subscribeThisBrowser, unsubscribeThisBrowser, type PushState } from '@/features/account/api/push-subscription';
import { Switch } from './Switch';

/**
 * "Receive on this device", under the push channel: this browser's Web Push subscription, on or off. Each
 * browser (phone, installed app, laptop) is turned on by itself; the code of each SMS then shows as
 * a notification even with no NumberNest tab open.
 */
export function PushNotificationsControl() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then(
      (found) => live && setState(found),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    try {
      const next = on ? await subscribeThisBrowser() : await unsubscribeThisBrowser();
      setState(next);
      if (on && next === 'denied') toast.error(t('settings.push.denied'));
    } catch {
      toast.error(t('settings.push.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (state === 'loading') return null;
  const hint = state === 'on' || state === 'off' ? t('settings.push.hint') : t(`settings.push.${state === 'no-worker' ? 'unsupported' : state}`);
  return (
    <div className="push-control" aria-busy={busy}>
      <Switch
        label={t('settings.push.label')}
        description={hint}
        checked={state === 'on'}
        disabled={busy || state === 'unsupported' || state === 'no-worker' || state === 'denied'}
        onChange={(on) => void change(on)}
      />
    </div>
  );
}
