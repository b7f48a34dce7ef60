import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { SectionHeading } from './SectionHeading';
import { ListSearchIcon, UserPlusIcon, WalletIcon } from './icons';

interface Step {
  title: string;
  text: string;
}

const icons = [UserPlusIcon, ListSearchIcon, WalletIcon];

export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section" aria-labelledby="home-steps">
      <div className="container">
        <SectionHeading id="home-steps" title={t('steps.title')} lead={t('steps.lead')} />
        <ol className="home-steps">
          {copyList<Step>(t, 'steps.items').map((step, index) => {
            const Icon = icons[index % icons.length]!;
            return (
              <li key={step.title} className="home-steps__item">
                <span className="home-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="home-icon-badge">
                  <Icon />
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
