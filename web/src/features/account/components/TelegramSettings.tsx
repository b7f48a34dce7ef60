import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { useToast } from '@/components/toast/toast-context';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/dates';
import { useTelegram } from '@/features/account/api/use-telegram';
import { Button } from '@/components/button/Button';

/**
 * Account setting -> Telegram: Connect opens the bot in a new tab with a one-time code (10 minutes;
 * the code is shown too, for Telegram on another device: `/start <code>`), the panel says when the
 * chat is linked, and Disconnect unlinks it (as `/stop` does in the chat).
 */
export function TelegramSettings() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const { data, error, mutate, linked, link, connect, disconnect } = useTelegram();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  async function onConnect() {
    if (busy) return;
    setBusy(true);
    // Opened before the request, inside the click, so that no popup blocker stops it; pointed at the bot once the link is known.
    const tab = window.open('about:blank', '_blank');
    try {
      const fresh = await connect();
      if (tab) {
        tab.opener = null;
        tab.location.href = fresh.url;
      }
    } catch {
      tab?.close();
      toast.error(t('settings.telegram.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function onDisconnect() {
    if (busy) return;
    setBusy(true);
    try {
      await disconnect();
      toast.success(t('settings.telegram.disconnected'));
    } catch {
      toast.error(t('settings.telegram.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="api-keys" data-testid="telegram-settings">
      {linked ? null : <p className="api-keys__lead">{t('settings.telegram.lead')}</p>}
      {!data && !error ? (
        <Loader block />
      ) : linked ? (
        <div className="telegram-state">
          <p className="telegram-state__linked" data-testid="telegram-linked">
            {t('settings.telegram.linked')}
          </p>
          <Button size="sm" data-testid="telegram-disconnect" disabled={busy} onClick={() => void onDisconnect()}>
            {t('settings.telegram.disconnect')}
          </Button>
        </div>
      ) : (
        <div className="telegram-state">
          <p>{t('settings.telegram.notLinked')}</p>
          <Button variant="primary" size="sm" data-testid="telegram-connect" disabled={busy} onClick={() => void onConnect()}>
            {link ? t('settings.telegram.newCode') : t('settings.telegram.connect')}
          </Button>
          {error && (
            <Button size="sm" onClick={() => void mutate()}>
              {t('settings.retry')}
            </Button>
          )}
        </div>
      )}
      {link && !linked && (
        <div className="api-keys__new" data-testid="telegram-code">
          <p className="api-keys__hint">{t('settings.telegram.openHint')}</p>
          <p>
            <a className="btn btn--secondary btn--sm" href={link.url} target="_blank" rel="noopener noreferrer">
              {t('settings.telegram.open')}
            </a>
          </p>
          <p className="api-keys__hint">{t('settings.telegram.codeHint')}</p>
          <code className="api-keys__key">/start {link.code}</code>
          <div className="api-keys__new-actions">
            <Button size="sm" onClick={() => void copyText(`/start ${link.code}`).then((ok) => setCopied(ok))}>
              {copied ? t('settings.api.copied') : t('settings.api.copy')}
            </Button>
          </div>
          <p className="api-keys__hint">{t('settings.telegram.expires', { time: formatDateTime(link.expires_at, i18n.language) })}</p>
        </div>
      )}
    </div>
  );
}
