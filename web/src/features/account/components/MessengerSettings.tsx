import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { useToast } from '@/components/toast/toast-context';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/dates';
import { useMessenger } from '@/features/account/api/use-messenger';
import { Button } from '@/components/button/Button';
import { UnlinkMessengerDialog } from './UnlinkMessengerDialog';

/**
 * Account setting -> Messenger: Link opens the Page's conversation in a new tab with a one-time
 * reference (10 minutes; the link is shown too, for Messenger on another device), the panel says
 * when the conversation is linked, and Unlink (after asking) drops it, as "stop" does in the chat.
 * The note says what keeps codes arriving after Messenger's 24-hour window.
 */
export function MessengerSettings() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const { data, error, mutate, linked, link, createLink } = useMessenger();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function onLink() {
    if (busy) return;
    setBusy(true);
    setCopied(false);
    // Opened before the request, inside the click, so that no popup blocker stops it; pointed at Messenger once the link is known.
    const tab = window.open('about:blank', '_blank');
    try {
      const fresh = await createLink(i18n.language);
      if (tab) {
        tab.opener = null;
        tab.location.href = fresh.url;
      }
    } catch {
      tab?.close();
      toast.error(t('settings.messenger.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="api-keys" data-testid="messenger-settings">
      {linked ? null : <p className="api-keys__lead">{t('settings.messenger.lead')}</p>}
      {!data && !error ? (
        <Loader block />
      ) : linked ? (
        <div className="telegram-state">
          <p className="telegram-state__linked" data-testid="messenger-linked">
            {t('settings.messenger.linked')}
          </p>
          <Button size="sm" data-testid="messenger-unlink" onClick={() => setConfirming(true)}>
            {t('settings.messenger.unlink')}
          </Button>
        </div>
      ) : (
        <div className="telegram-state">
          <p>{t('settings.messenger.notLinked')}</p>
          <Button variant="primary" size="sm" data-testid="messenger-link" disabled={busy} onClick={() => void onLink()}>
            {link ? t('settings.messenger.newLink') : t('settings.messenger.link')}
          </Button>
          {error && (
            <Button size="sm" onClick={() => void mutate()}>
              {t('settings.retry')}
            </Button>
          )}
        </div>
      )}
      {link && !linked && (
        <div className="api-keys__new" data-testid="messenger-link-out">
          <p className="api-keys__hint">{t('settings.messenger.openHint')}</p>
          <p>
            <a className="btn btn--secondary btn--sm" href={link.url} target="_blank" rel="noopener noreferrer" data-testid="messenger-open">
              {t('settings.messenger.open')}
            </a>
          </p>
          <p className="api-keys__hint">{t('settings.messenger.otherDevice')}</p>
          <code className="api-keys__key">{link.url}</code>
          <div className="api-keys__new-actions">
            <Button size="sm" onClick={() => void copyText(link.url).then((ok) => setCopied(ok))}>
              {copied ? t('settings.api.copied') : t('settings.api.copy')}
            </Button>
          </div>
          <p className="api-keys__hint">{t('settings.messenger.expires', { time: formatDateTime(link.expires_at, i18n.language) })}</p>
        </div>
      )}
      <p className="api-keys__hint channel__note" data-testid="messenger-window-note">
        {t('settings.messenger.windowNote')}
      </p>
      {confirming ? <UnlinkMessengerDialog onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}
