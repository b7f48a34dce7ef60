import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { copyList } from '@/lib/copy';
import { PageIntro } from '@/components/page-intro/PageIntro';
import { ContactForm } from './ContactForm';
import { ContactSuccess } from './ContactSuccess';
import './contact.css';

interface InfoItem {
  title: string;
  text: string;
}

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const [reference, setReference] = useState<string | null>(null);
  return (
    <div className="page">
      <PageIntro eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <div className="container contact-layout">
        <div className="contact-panel">
          {reference ? <ContactSuccess reference={reference} onAgain={() => setReference(null)} /> : <ContactForm onSent={(reply) => setReference(reply.id)} />}
        </div>
        <aside className="contact-info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">{t('info.title')}</h2>
          <ul>
            {copyList<InfoItem>(t, 'info.items').map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
          <Link className="btn btn--secondary btn--block" to="/tutorial">
            {t('info.tutorials')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
