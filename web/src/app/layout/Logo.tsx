import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';

/** The brand mark and word mark, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to="/" className={`logo ${className}`} aria-label={t('nav.homeLink')}>
      <svg className="logo__mark" width="34" height="34" viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#4338ca" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#logo-gradient)" />
        <path d="M9 23V9h3l8 9V9h3v14h-3l-8-9v9z" fill="#fff" />
      </svg>
      <span className="logo__word">
        Number<span className="logo__accent">Nest</span>
      </span>
    </Link>
  );
}
