import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import './auth.css';

interface AuthFrameProps {
  title: string;
  lead?: string;
  /** A round badge above the title. */
  icon?: 'mail' | 'success';
  children: ReactNode;
}

const icons = {
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </>
  ),
  success: <path d="m5 12.5 4.5 4.5L19 7.5" />,
};

/** The centred card every account screen sits in. */
export function AuthFrame({ title, lead, icon, children }: AuthFrameProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="container auth-frame">
      <section className="auth-card" aria-labelledby="auth-title">
        {icon && (
          <span className={`auth-badge auth-badge--${icon}`} aria-hidden="true">
            <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              {icons[icon]}
            </svg>
          </span>
        )}
        <p className="auth-card__eyebrow">{t('eyebrow')}</p>
        <h1 id="auth-title">{title}</h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </section>
    </div>
  );
}
