import { useTranslation } from '@/lib/i18n';
import { passwordRules } from '@/lib/password-rules';

/** The password policy, ticked off live as the visitor types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('auth');
  return (
    <ul className="password-rules" id={id} aria-label={t('rules.title')}>
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={`password-rules__item${met ? ' password-rules__item--met' : ''}`} data-met={met}>
            <span className="password-rules__mark" aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            {t(`rules.${rule.id}`)}
            <span className="visually-hidden">{t(met ? 'rules.met' : 'rules.unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
