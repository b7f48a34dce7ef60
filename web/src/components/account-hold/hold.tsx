import { useTranslation } from '@/lib/i18n';
import { useAuthState } from '@/lib/auth-state';
import './hold.css';

/** The account's hold, as the stored user knows it (the balance's reply keeps it current); null when not held. */
export function useAccountHold() {
  return useAuthState().user?.account_hold ?? null;
}

/** In place of a purchase's last step while the account is on hold: why nothing can be bought. */
export function HoldPurchaseNote({ id }: { id?: string }) {
  const { t } = useTranslation('common');
  return (
    <p id={id} className="hold-note" role="note" data-testid="hold-purchase-note">
      {t('accountHold.purchasePaused')}
    </p>
  );
}
