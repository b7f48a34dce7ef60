import { useTranslation } from '@/lib/i18n';
import { CopyButton } from './CopyButton';
import './rentals.css';

/** The one-time code of a message, large enough to read at a glance, with one-click Copy. */
export function OtpCode({ code, size = 'lg' }: { code: string; size?: 'lg' | 'md' }) {
  const { t } = useTranslation('rentals');
  return (
    <div className={`otp otp--${size}`}>
      <span className="otp__label">{t('message.code')}</span>
      <strong className="otp__code" data-testid="otp-code">
        {code}
      </strong>
      <CopyButton text={code} testId="otp-copy" label={t('copy.code', { code })} size={size === 'lg' ? 'md' : 'sm'} />
    </div>
  );
}
