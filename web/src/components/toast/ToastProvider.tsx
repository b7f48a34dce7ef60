import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CloseIcon, ErrorIcon, InfoIcon, QuestionIcon, SuccessIcon, WarningIcon } from '@/components/icons/Icons';
import { ToastContext, toastTimeoutMs, type ToastApi, type ToastOptions, type ToastType } from './toast-context';
import './Toast.css';

interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  title?: string;
}

const icons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon, question: QuestionIcon };

let nextId = 1;

/** Holds the toast stack (at the bottom edge) and gives `useToast()` to everything below it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    ({ type = 'info', message, title }: ToastOptions) => {
      const id = nextId++;
      setToasts((list) => [...list, { id, type, message, title }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), toastTimeoutMs),
      );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo<ToastApi>(() => {
    const of = (type: ToastType) => (message: string, title?: string) => show({ type, message, title });
    return { show, dismiss, info: of('info'), success: of('success'), warning: of('warning'), error: of('error'), question: of('question') };
  }, [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastStack toasts={toasts} onClose={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastStack({ toasts, onClose }: { toasts: ToastItem[]; onClose: (id: number) => void }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="toast-stack">
      {toasts.map((toast) => {
        const Icon = icons[toast.type];
        const urgent = toast.type === 'error' || toast.type === 'warning';
        return (
          <div key={toast.id} className={`toast toast--${toast.type}`} role={urgent ? 'alert' : 'status'}>
            <span className="toast__icon">
              <Icon size={22} />
            </span>
            <div className="toast__body">
              <p className="toast__title">{toast.title ?? t(`toast.types.${toast.type}`, { defaultValue: toast.type }).toUpperCase()}</p>
              <p className="toast__message">{toast.message}</p>
            </div>
            <button type="button" className="toast__close" aria-label={t('toast.close', { defaultValue: 'Close' })} onClick={() => onClose(toast.id)}>
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}

export { useToast, type ToastType } from './toast-context';
