import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';

/** The acknowledgement that replaces the form, with the reference id of the request. */
export function ContactSuccess({ reference, onAgain }: { reference: string; onAgain: () => void }) {
  const { t } = useTranslation('contact');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contact-success" role="status">
      <span className="contact-success__badge" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </span>
      <h2 ref={heading} tabIndex={-1}>
        {t('success.title')}
      </h2>
      <p>{t('success.text')}</p>
      <div className="contact-success__reference">
        <span>{t('success.reference')}</span>
        <strong data-testid="contact-reference">{reference}</strong>
      </div>
      <p className="contact-success__keep">{t('success.keep')}</p>
      <Button onClick={onAgain}>{t('success.again')}</Button>
    </div>
  );
}
