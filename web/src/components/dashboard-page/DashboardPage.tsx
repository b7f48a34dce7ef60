import type { ReactNode } from 'react';
import './DashboardPage.css';

interface DashboardPageProps {
  title: string;
  lead?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A dashboard page: its h1, a short lead, then its panels. */
export function DashboardPage({ title, lead, actions, children }: DashboardPageProps) {
  return (
    <section className="dash-page">
      <header className="dash-page__head">
        <div>
          <h1 className="dash-page__title">{title}</h1>
          {lead && <p className="dash-page__lead">{lead}</p>}
        </div>
        {actions && <div className="dash-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
