import { createRoot } from 'react-dom/client';
import { useTranslation } from '@/lib/i18n';
import './update-prompt.css';

function UpdatePrompt({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const { t, ready } = useTranslation('pwa', { useSuspense: false });
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span className="update-prompt__text">{t('update.text')}</span>
      <button type="button" className="update-prompt__reload" onClick={onReload}>
        {t('update.reload')}
      </button>
      <button type="button" className="update-prompt__dismiss" onClick={onDismiss}>
        {t('update.dismiss')}
      </button>
    </div>
  );
}

/** "A new version is available — Reload", in a root of its own at the bottom of the page. */
export function showUpdatePrompt(reload: () => void): void {
  if (document.querySelector('.update-prompt-root')) return;
  const host = document.createElement('div');
  host.className = 'update-prompt-root';
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(<UpdatePrompt onReload={reload} onDismiss={close} />);
}
