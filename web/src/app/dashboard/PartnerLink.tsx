import { NavLink } from 'react-router-dom';
import { ServerIcon } from '@/components/icons/dashboard-icons';
import { useTranslation } from '@/lib/i18n';
import { dashboardPaths } from '@/lib/paths';
import { usePartnerSummary } from '@/features/partner/api/use-partner-summary';

/** The link to the partner page, for partners only (GET /user/partner answers 200): in the side navigation and the account menu. */
export function PartnerLink({ label, className, iconSize, onNavigate }: { label: string; className: string; iconSize: number; onNavigate?: () => void }) {
  const { t } = useTranslation('dashboard');
  const { data } = usePartnerSummary();
  if (!data) return null;
  return (
    <li>
      <NavLink to={dashboardPaths.partner} className={className} onClick={onNavigate}>
        <ServerIcon size={iconSize} />
        {t(label)}
      </NavLink>
    </li>
  );
}
