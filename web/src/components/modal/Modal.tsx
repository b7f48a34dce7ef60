import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CloseIcon } from '@/components/icons/Icons';
import './Modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
}

/**
 * A dialog over the page: a native modal <dialog> (the page behind is inert, focus starts inside),
 * Escape or a click beside the panel closes it, focus returns to the opener after.
 */
export function Modal({ title, onClose, children, footer }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    // Keep the page behind still while the dialog is open.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (element.open) element.close();
      // The owner unmounts the dialog rather than closing it, so focus is given back here.
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      // The owner decides: the dialog stays open until it unmounts.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here (no cancel follows) and kept from the page's own Escape handlers, as menus are.
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      // The dialog fills the viewport around the panel: a press on it, not on the panel, is on the backdrop.
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={t('close')} onClick={onClose}>
            <CloseIcon size={18} />
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
