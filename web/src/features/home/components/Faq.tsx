import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { SectionHeading } from './SectionHeading';
import { PlusIcon } from './icons';

interface FaqEntry {
  q: string;
  a: string;
}

/** The FAQ: seven entries, one open at a time. */
export function Faq() {
  const { t } = useTranslation('home');
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const entries = copyList<FaqEntry>(t, 'faq.items');
  return (
    <section className="home-section" aria-labelledby="home-faq" id="faq">
      <div className="container home-faq">
        <SectionHeading id="home-faq" title={t('faq.title')} lead={t('faq.lead')} />
        <ul className="home-faq__list">
          {entries.map((entry, index) => {
            const expanded = open === index;
            const buttonId = `${baseId}-q${index}`;
            const panelId = `${baseId}-a${index}`;
            return (
              <li key={entry.q} className={`home-faq__item${expanded ? ' is-open' : ''}`}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    className="home-faq__question"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                  >
                    <span>{entry.q}</span>
                    <PlusIcon size={20} className="home-faq__toggle" />
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} className="home-faq__answer" hidden={!expanded}>
                  <p>{entry.a}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
