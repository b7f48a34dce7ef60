import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { BoltIcon, CardIcon, GlobeIcon, HeadsetIcon, ShieldIcon } from './icons';

const icons = [BoltIcon, ShieldIcon, GlobeIcon, CardIcon, HeadsetIcon];

/** The row of five feature icons under the hero. */
export function PartnerRow() {
  const { t } = useTranslation('home');
  return (
    <section className="home-partners" aria-label={t('partners.label')}>
      <ul className="container home-partners__row">
        {copyList<string>(t, 'partners.items').map((label, index) => {
          const Icon = icons[index % icons.length]!;
          return (
            <li key={label}>
              <span className="home-partners__icon">
                <Icon size={22} />
              </span>
              {label}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
