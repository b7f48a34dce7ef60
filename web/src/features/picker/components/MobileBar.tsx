import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from '@/components/icons/Icons';

/** The summary strip scrolls in steps of 100px. */
export const summaryScrollStep = 100;

interface MobileBarProps {
  stepTitle: string;
  stepLabel: string;
  canGoBack: boolean;
  onBack: () => void;
  summary: { label: string; value: string; filled: boolean }[];
}

/** Small screens only (CSS): a back arrow over the current step, and the selection so far as a scrolling strip. */
export function MobileBar({ stepTitle, stepLabel, canGoBack, onBack, summary }: MobileBarProps) {
  const { t } = useTranslation('picker');
  const strip = useRef<HTMLDListElement>(null);
  // CSS makes the strip scroll smoothly; each arrow press moves it one step.
  const scroll = (direction: 1 | -1) => {
    if (strip.current) strip.current.scrollLeft += direction * summaryScrollStep;
  };

  return (
    <div className="picker-mobile">
      <div className="picker-mobile__nav">
        <button type="button" className="icon-btn" aria-label={t('mobile.back')} disabled={!canGoBack} onClick={onBack}>
          <ArrowLeftIcon size={18} />
        </button>
        <p className="picker-mobile__step">
          <span className="picker-mobile__step-label">{stepLabel}</span>
          <strong>{stepTitle}</strong>
        </p>
      </div>
      <div className="picker-summary" aria-label={t('mobile.summary')} role="group">
        <button type="button" className="picker-summary__arrow" aria-label={t('mobile.scrollLeft')} onClick={() => scroll(-1)}>
          <ChevronLeftIcon size={16} />
        </button>
        <dl ref={strip} className="picker-summary__strip" data-testid="summary-strip">
          {summary.map((item) => (
            <div key={item.label} className={`picker-summary__item${item.filled ? '' : ' picker-summary__item--empty'}`}>
              <dt>{item.label}</dt>
              <dd className="truncated-name">{item.value}</dd>
            </div>
          ))}
        </dl>
        <button type="button" className="picker-summary__arrow" aria-label={t('mobile.scrollRight')} onClick={() => scroll(1)}>
          <ChevronRightIcon size={16} />
        </button>
      </div>
    </div>
  );
}
