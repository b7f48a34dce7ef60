import { useTranslation } from '@/lib/i18n';
import { useRuntimeConfig } from './use-runtime-config';

/** Local cloud only: no e-mail really leaves the machine, the codes wait in the local mailbox. */
export function LocalMailHint({ email }: { email?: string }) {
  const { t } = useTranslation('auth');
  const config = useRuntimeConfig();
  if (!config?.mailbox) return null;
  const href = email ? `${config.mailbox}?to=${encodeURIComponent(email)}` : config.mailbox;
  return (
    <p className="auth-hint auth-hint--local">
      {t('localMail.text')}{' '}
      <a href={href} target="_blank" rel="noreferrer">
        {t('localMail.link')}
      </a>
      .
    </p>
  );
}
