import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';
import './RouteError.css';

/** Shows RouteError instead of the app when a page fails to load (its code) or to render. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shown when a route fails to load or render: say so kindly and offer a reload. */
export function RouteError() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <main className="route-error">
      <div className="route-error__card">
        <svg className="route-error__art" width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 15.5s1.2-1.5 3.5-1.5 3.5 1.5 3.5 1.5M9 9.5h.01M15 9.5h.01" strokeLinecap="round" />
        </svg>
        <h1 className="route-error__title">{t('errors.routeTitle', { defaultValue: 'Something went wrong' })}</h1>
        <p className="route-error__text">{t('errors.routeText', { defaultValue: 'The page could not be shown. Reloading usually helps.' })}</p>
        <div className="route-error__actions">
          <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
            {t('errors.reload', { defaultValue: 'Reload page' })}
          </Button>
          <a href="/" className="btn btn--secondary btn--lg">
            {t('errors.home', { defaultValue: 'Go to home page' })}
          </a>
        </div>
      </div>
    </main>
  );
}
