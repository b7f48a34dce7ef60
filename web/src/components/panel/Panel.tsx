import { useId, type ReactNode } from 'react';
import './Panel.css';

interface PanelProps {
  title: string;
  /** Beside the title: a filter, tabs or a "See More" link. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled card of the dashboard. */
export function Panel({ title, action, className = '', children }: PanelProps) {
  const titleId = useId();
  return (
    <section className={`panel ${className}`} aria-labelledby={titleId}>
      <header className="panel__head">
        <h2 id={titleId} className="panel__title">
          {title}
        </h2>
        {action}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  );
}
