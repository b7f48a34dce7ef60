import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { copyList } from '@/lib/copy';
import { formatDate } from '@/lib/dates';
import { PageIntro } from '@/components/page-intro/PageIntro';

interface PolicySection {
  title: string;
  paragraphs: string[];
}

const sectionId = (index: number) => `section-${index + 1}`;

/** A legal page whose copy is an array of sections in the `content` namespace under `policy`. */
export function PolicyPage({ policy }: { policy: 'paymentPolicy' | 'privacyPolicy' | 'terms' }) {
  const { t, i18n } = useTranslation('content');
  const sections = copyList<PolicySection>(t, `${policy}.sections`);
  const updated = formatDate(t(`${policy}.updated`), i18n.language, { utc: true });
  return (
    <div className="page">
      <PageIntro eyebrow={t(`${policy}.eyebrow`)} title={t(`${policy}.title`)} lead={t(`${policy}.lead`)}>
        <p className="page-intro__meta">{t('shared.updated', { date: updated })}</p>
      </PageIntro>
      <div className="container policy">
        <nav className="policy__toc" aria-label={t('shared.contents')}>
          <p>{t('shared.contents')}</p>
          <ol>
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${sectionId(index)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="policy__body prose">
          {sections.map((section, index) => (
            <section key={section.title} id={sectionId(index)}>
              <h2>
                <span className="policy__number">{index + 1}.</span> {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
          <aside className="page-callout">
            <div>
              <h2>{t('shared.questions')}</h2>
              <p>{t('shared.questionsText')}</p>
            </div>
            <Link className="btn btn--primary" to="/contact-us">
              {t('shared.contactUs')}
            </Link>
          </aside>
        </article>
      </div>
    </div>
  );
}
