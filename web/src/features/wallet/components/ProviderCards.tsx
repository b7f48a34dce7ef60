import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { paymentProviders, type PaymentProvider } from '@numbernest/contracts';
import { ProviderLogo } from './ProviderLogo';

interface ProviderCardsProps {
  value: PaymentProvider | null;
  onChange: (provider: PaymentProvider) => void;
  error?: string;
  disabled?: boolean;
}

/** The five top-up providers as a radio group of cards: logo, name and what it takes. */
export function ProviderCards({ value, onChange, error, disabled = false }: ProviderCardsProps) {
  const { t } = useTranslation('wallet');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="providers" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{t('topUp.provider')}</legend>
      <div className="providers__grid">
        {paymentProviders.map((provider) => {
          const checked = value === provider;
          return (
            <label
              key={provider}
              className={`provider-card${checked ? ' provider-card--checked' : ''}`}
              data-testid={`provider-${provider}`}
              data-checked={checked}
            >
              <input
                type="radio"
                className="provider-card__input visually-hidden"
                name={name}
                value={provider}
                checked={checked}
                onChange={() => onChange(provider)}
              />
              <ProviderLogo provider={provider} />
              <span className="provider-card__text">
                <span className="provider-card__name">{t(`providers.${provider}.name`)}</span>
                <span className="provider-card__detail">{t(`providers.${provider}.detail`)}</span>
              </span>
              <span className="provider-card__check" aria-hidden="true" />
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
