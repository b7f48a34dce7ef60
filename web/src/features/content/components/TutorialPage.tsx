import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { copyList } from '@/lib/copy';
import { PageIntro } from '@/components/page-intro/PageIntro';

interface Guide {
  title: string;
  steps: string[];
}

const guideId = (index: number) => `guide-${index + 1}`;

export default function TutorialPage() {
  const { t } = useTranslation('content');
  const guides = copyList<Guide>(t, 'tutorial.guides');
  return (
    <div className="page">
      <PageIntro eyebrow={t('tutorial.eyebrow')} title={t('tutorial.title')} lead={t('tutorial.lead')}>
        <ul className="tutorial-jump">
          {guides.map((guide, index) => (
            <li key={guide.title}>
              <a href={`#${guideId(index)}`}>{guide.title}</a>
            </li>
          ))}
        </ul>
      </PageIntro>
      <div className="container page-body">
        <div className="tutorial-guides">
          {guides.map((guide, index) => (
            <section key={guide.title} id={guideId(index)} className="page-card tutorial-guide" aria-labelledby={`${guideId(index)}-title`}>
              <h2 id={`${guideId(index)}-title`}>
                <span className="tutorial-guide__index">{String(index + 1).padStart(2, '0')}</span>
                {guide.title}
              </h2>
              <ol className="tutorial-steps">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
        <aside className="page-callout">
          <div>
            <h2>{t('tutorial.helpTitle')}</h2>
            <p>{t('tutorial.helpText')}</p>
          </div>
          <Link className="btn btn--primary" to="/contact-us">
            {t('shared.contactUs')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
