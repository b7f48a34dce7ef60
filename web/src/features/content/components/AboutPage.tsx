import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { PageIntro } from '@/components/page-intro/PageIntro';

interface Stat {
  value: string;
  label: string;
}
interface Value {
  title: string;
  text: string;
}

export default function AboutPage() {
  const { t } = useTranslation('content');
  return (
    <div className="page">
      <PageIntro eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')} />
      <div className="container page-body">
        <ul className="about-stats">
          {copyList<Stat>(t, 'about.stats').map((stat) => (
            <li key={stat.label}>
              <strong>{stat.value}</strong>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>
        <section className="about-story prose" aria-labelledby="about-story">
          <h2 id="about-story">{t('about.storyTitle')}</h2>
          {copyList<string>(t, 'about.story').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <section aria-labelledby="about-values">
          <h2 id="about-values" className="page-section-title">
            {t('about.valuesTitle')}
          </h2>
          <ul className="card-grid">
            {copyList<Value>(t, 'about.values').map((value) => (
              <li key={value.title} className="page-card">
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
