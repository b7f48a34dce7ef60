import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/button/Button';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ServerIcon } from '@/components/icons/dashboard-icons';
import { useTranslation } from '@/lib/i18n';

/** The partner page to anyone else: what it is for and how to become a partner (ask support). */
export function NotPartner() {
  const { t } = useTranslation('partner');
  return (
    <div className="partner-none" data-testid="not-partner">
      <EmptyState
        icon={ServerIcon}
        title={t('notPartner.title')}
        text={t('notPartner.text')}
        action={
          <Link to="/contact-us" className={buttonClass({ variant: 'primary' })}>
            {t('notPartner.contact')}
          </Link>
        }
      />
    </div>
  );
}
