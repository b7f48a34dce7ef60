import type { ReactNode } from 'react';
import '@/styles/page.css';

interface PageIntroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The band every public inner page opens with: a small label, the page's h1 and a lead. */
export function PageIntro({ eyebrow, title, lead, children }: PageIntroProps) {
  return (
    <header className="page-intro">
      <div className="container page-intro__inner">
        {eyebrow && <p className="page-intro__eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="page-intro__lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}
