import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/i18n';
import { CloseIcon } from '@/components/icons/Icons';
import { useDismiss } from '@/components/use-dismiss';
import { DashboardNavList } from '@/app/dashboard/DashboardNavList';
import { Logo } from '@/app/layout/Logo';
import './signed-in.css';

/** The dashboard's mobile side drawer; the backdrop, Escape or a link closes it. */
export default function DashboardDrawer({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const panel = useRef<HTMLElement>(null);
  useDismiss(panel, open, onClose);
  if (!open) return null;

  return createPortal(
    <div className="drawer">
      <div className="drawer__backdrop" aria-hidden="true" />
      <nav ref={panel} id={id} className="drawer__panel" aria-label={t('drawer.label')}>
        <div className="drawer__head">
          <Logo />
          <button type="button" className="icon-btn" aria-label={t('drawer.close')} onClick={onClose}>
            <CloseIcon size={18} />
          </button>
        </div>
        <DashboardNavList onNavigate={onClose} />
      </nav>
    </div>,
    document.body,
  );
}
