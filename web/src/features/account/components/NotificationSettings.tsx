import { ringtones, type UserSettings } from '@numbernest/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { Panel } from '@/components/panel/Panel';
import { playRingtone } from '@/lib/ringtones';
import { useSaveSettings } from '@/features/account/api/use-save-settings';
import { Switch } from './Switch';

type Configure = keyof UserSettings['configure'];
const events: Configure[] = ['new_message', 'balance', 'rental_expiry'];
type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Notification, Ringtone, Reminders, Configure Notifications. Every change is saved at once
 * (PUT /user/settings); the switch moves before the server answers and moves back if it says no.
 */
export function NotificationSettings({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation('account');
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const save = useSaveSettings();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const unsaved = useRef(0); // changes sent and not yet answered: "Saved" waits for the last of them
  const ringtoneId = useId();
  const configureId = useId();

  async function change(next: UserSettings) {
    unsaved.current++;
    setStatus('saving');
    try {
      await save(next);
      if (--unsaved.current === 0) setStatus('saved');
    } catch (error) {
      unsaved.current--;
      setStatus('failed');
      toast.error(error instanceof ApiError && error.status < 500 ? serverErrorText(te, error) : t('settings.saveError'));
    }
  }

  return (
    <Panel title={t('settings.notifications.title')} action={<SaveIndicator status={status} />}>
      <div className="settings-list">
        <Switch
          label={t('settings.notifications.notification')}
          description={t('settings.notifications.notificationHint')}
          checked={settings.notification}
          onChange={(notification) => void change({ ...settings, notification })}
        />
        <div className="setting">
          <div className="setting__text">
            <label className="setting__label" htmlFor={ringtoneId}>
              {t('settings.notifications.ringtone')}
            </label>
            <p className="setting__description">{t('settings.notifications.ringtoneHint')}</p>
          </div>
          <div className="ringtone">
            <select
              id={ringtoneId}
              className="ringtone__select"
              value={settings.ringtone}
              onChange={(event) => void change({ ...settings, ringtone: event.target.value as UserSettings['ringtone'] })}
            >
              {ringtones.map((ringtone) => (
                <option key={ringtone} value={ringtone}>
                  {t(`settings.ringtones.${ringtone}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('settings.notifications.play', { ringtone: t(`settings.ringtones.${settings.ringtone}`) })}
              disabled={settings.ringtone === 'none'}
              onClick={() => playRingtone(settings.ringtone)}
            >
              <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
              </svg>
            </button>
          </div>
        </div>
        <Switch
          label={t('settings.notifications.reminders')}
          description={t('settings.notifications.remindersHint')}
          checked={settings.reminders}
          onChange={(reminders) => void change({ ...settings, reminders })}
        />
        <div className="setting setting--group" role="group" aria-labelledby={configureId} aria-describedby={`${configureId}-hint`}>
          <p className="setting__label" id={configureId}>
            {t('settings.notifications.configure')}
          </p>
          <p className="setting__description" id={`${configureId}-hint`}>
            {t('settings.notifications.configureHint')}
          </p>
          <div className="checks">
            {events.map((event) => (
              <label key={event} className="check">
                <input
                  type="checkbox"
                  checked={settings.configure[event]}
                  onChange={(e) => void change({ ...settings, configure: { ...settings.configure, [event]: e.target.checked } })}
                />
                {t(`settings.events.${event}`)}
              </label>
            ))}
          </div>
        </div>
      </div>
    </Panel>
  );
}

function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation('account');
  return (
    <span className={`save-state save-state--${status}`} role="status">
      {status === 'idle' ? '' : t(`settings.status.${status}`)}
    </span>
  );
}
