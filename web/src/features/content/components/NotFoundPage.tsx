import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import '@/styles/page.css';

/** Any unknown path, and unknown records such as a missing blog post. */
export default function NotFoundPage() {
  const { t } = useTranslation('content');
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <div className="not-found__actions">
        <Link className="btn btn--primary btn--lg" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="btn btn--secondary btn--lg" to="/contact-us">
          {t('notFound.contact')}
        </Link>
      </div>
    </section>
  );
}
