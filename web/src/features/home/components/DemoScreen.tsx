import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { CheckIcon, GlobeIcon, SendIcon } from './icons';

/** A drawn phone screen for each scene of the tour; CSS animates its parts in. */
export function DemoScreen({ scene }: { scene: number }) {
  const { t } = useTranslation('home');
  const types = copyList<string>(t, 'demo.mock.types');
  return (
    <div className="demo-screen" aria-hidden="true">
      <div className="demo-screen__notch" />
      {scene === 0 && (
        <div className="demo-screen__tabs">
          {types.map((type, i) => (
            <span key={type} className={`demo-chip demo-anim${i === 0 ? ' is-picked' : ''}`} style={{ animationDelay: `${i * 150}ms` }}>
              {type}
            </span>
          ))}
          <span className="demo-cursor" />
        </div>
      )}
      {scene === 1 && (
        <div className="demo-screen__list">
          <span className="demo-row demo-anim">
            <GlobeIcon size={18} /> {t('demo.mock.country')}
          </span>
          <span className="demo-row demo-anim" style={{ animationDelay: '300ms' }}>
            <SendIcon size={18} /> {t('demo.mock.service')}
          </span>
          <span className="demo-row demo-row--picked demo-anim" style={{ animationDelay: '600ms' }}>
            {t('demo.mock.number')} <CheckIcon size={18} />
          </span>
        </div>
      )}
      {scene === 2 && (
        <div className="demo-screen__summary">
          <span className="demo-anim">{t('demo.mock.number')}</span>
          <span className="demo-chip is-picked demo-anim" style={{ animationDelay: '200ms' }}>
            {t('demo.mock.period')}
          </span>
          <span className="demo-total demo-anim" style={{ animationDelay: '400ms' }}>
            {t('demo.mock.total')} <strong>{t('demo.mock.price')}</strong>
          </span>
          <span className="demo-pay demo-anim" style={{ animationDelay: '700ms' }}>
            {t('demo.mock.pay')}
          </span>
        </div>
      )}
      {scene === 3 && (
        <div className="demo-screen__inbox">
          <span className="demo-sender demo-anim">
            <strong>{t('demo.mock.sender')}</strong> <small>{t('demo.mock.now')}</small>
          </span>
          <span className="demo-bubble demo-anim" style={{ animationDelay: '500ms' }}>
            {t('demo.mock.message')}
          </span>
        </div>
      )}
    </div>
  );
}
