import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyList } from '../../../lib/copy';
import { CheckIcon } from '../../../components/icons/Icons';
import { ClockIcon } from './icons';

interface ComingSoonProps {
  /** Key of an object in the dashboard namespace with `title`, `text` and a `points` list. */
  copyKey: string;
  children?: ReactNode;
}

/** A feature that is on its way: says so plainly, and what it will do. */
export function ComingSoon({ copyKey, children }: ComingSoonProps) {
  const { t } = useTranslation('dashboard');
  const points = copyList<string>(t, `${copyKey}.points`);
  return (
    <div className="soon">
      <span className="soon__badge">
        <ClockIcon size={16} />
        {t('comingSoon')}
      </span>
      <h2 className="soon__title">{t(`${copyKey}.title`)}</h2>
      <p className="soon__text">{t(`${copyKey}.text`)}</p>
      <ul className="soon__points">
        {points.map((point) => (
          <li key={point}>
            <CheckIcon size={16} />
            {point}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
