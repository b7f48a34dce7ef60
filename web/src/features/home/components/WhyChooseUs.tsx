import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { SectionHeading } from './SectionHeading';
import { ChatIcon, ContactIcon, InboxIcon, LockIcon } from './icons';

interface Reason {
  title: string;
  text: string;
}

const icons = [LockIcon, InboxIcon, ChatIcon, ContactIcon];

export function WhyChooseUs() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section" aria-labelledby="home-why">
      <div className="container">
        <SectionHeading id="home-why" title={t('why.title')} lead={t('why.lead')} />
        <ul className="home-why">
          {copyList<Reason>(t, 'why.items').map((reason, index) => {
            const Icon = icons[index % icons.length]!;
            return (
              <li key={reason.title} className="home-why__item">
                <span className="home-icon-badge home-icon-badge--solid">
                  <Icon />
                </span>
                <div>
                  <h3>{reason.title}</h3>
                  <p>{reason.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
