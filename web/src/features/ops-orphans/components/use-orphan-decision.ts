import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { errorCodeOf, serverErrorText } from '@/lib/server-errors';

/**
 * An operator's decision on an unmatched SMS (assign or dismiss): busy while it is sent, the
 * server's reason when it is refused, and "already decided" (another operator was first) treated
 * as done, so the list is read again either way.
 */
export function useOrphanDecision(onDone: () => void) {
  const { t } = useTranslation(['ops-orphans', 'ops', 'errors']);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const decide = async (send: () => Promise<unknown>, doneMessage: string) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      toast.success(doneMessage);
      onDone();
    } catch (caught) {
      setBusy(false);
      if (errorCodeOf(caught) === 'ORPHAN_SMS_RESOLVED') {
        toast.warning(t('alreadyDecided'));
        onDone();
        return;
      }
      setError(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    }
  };
  return { busy, error, decide };
}
