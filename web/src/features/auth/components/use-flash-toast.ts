import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useToast } from '@/components/toast/toast-context';
import { takeFlash } from '@/lib/session/flash';

/** Shows the toast a previous page left before it reloaded (logout, ended session). */
export function useFlashToast(): void {
  const { t } = useTranslation('auth');
  const toast = useToast();
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.type](t(flash.key));
  }, [t, toast]);
}
