import type { ComponentType, ReactNode, SVGProps } from 'react';
import './EmptyState.css';

interface EmptyStateProps {
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  title: string;
  text?: string;
  action?: ReactNode;
}

/** What a panel says while it has nothing to show yet. */
export function EmptyState({ icon: Icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="empty">
      <span className="empty__icon">
        <Icon size={24} />
      </span>
      <p className="empty__title">{title}</p>
      {text && <p className="empty__text">{text}</p>}
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}
