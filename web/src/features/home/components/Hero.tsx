import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { CheckIcon } from './icons';

/** `picker`: the number picker, put in by the page (another feature's). */
export function Hero({ picker }: { picker: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="container home-hero__intro">
        <p className="home-eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="home-hero-title">{t('hero.title')}</h1>
        <p className="home-hero__lead">{t('hero.lead')}</p>
        <ul className="home-hero__points">
          {copyList<string>(t, 'hero.points').map((point) => (
            <li key={point}>
              <CheckIcon size={18} />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div className="container">
        <div id="get-number" className="home-hero__picker">
          <div className="home-hero__picker-head">
            <h2>{t('hero.pickerTitle')}</h2>
            <p>{t('hero.pickerLead')}</p>
          </div>
          {picker}
        </div>
      </div>
    </section>
  );
}
