import { whatsappCodeLength } from '@numbernest/contracts/whatsapp';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button/Button';
import { FormField } from '@/components/form-field/FormField';
import { useTranslation } from '@/lib/i18n';
import { codeDigits, looksLikeNumber } from './whatsapp-number';

/** What a form's action answers: nothing when it went through, else the words for its field. */
type FieldOutcome = Promise<string | null>;

/** The number to verify: checked for its shape here (the server checks it for real), then sent. */
export function WhatsAppNumberForm(props: {
  initial: string;
  example: string;
  submitLabel: string;
  canSend: boolean;
  onSend: (number: string) => FieldOutcome;
  children?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const { initial, example, submitLabel, canSend, onSend, children } = props;
  const [number, setNumber] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeNumber(number)) return setError(t('settings.whatsapp.numberInvalid', { example }));
    setError(null);
    setError(await onSend(number));
  }

  return (
    <form className="whatsapp__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="whatsapp__row">
        <FormField
          id="whatsapp-number"
          label={t('settings.whatsapp.number')}
          error={error ?? undefined}
          hint={t('settings.whatsapp.numberHint', { example })}
          inputProps={{
            type: 'tel',
            value: number,
            inputMode: 'tel',
            autoComplete: 'tel',
            maxLength: 32,
            placeholder: example,
            onChange: (event) => setNumber(event.target.value),
          }}
        />
        <Button type="submit" variant="primary" disabled={!canSend}>
          {submitLabel}
        </Button>
      </div>
      {children}
    </form>
  );
}

/** The code the WhatsApp message brought: six digits, whatever else was pasted with them. */
export function WhatsAppCodeForm(props: {
  sentTo: string;
  busy: boolean;
  confirming: boolean;
  onConfirm: (digits: string) => FieldOutcome;
  children?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const { sentTo, busy, confirming, onConfirm, children } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const digits = codeDigits(code);
    if (digits.length !== whatsappCodeLength) return setError(t('settings.whatsapp.codeInvalid', { digits: whatsappCodeLength }));
    setError(null);
    setError(await onConfirm(digits));
  }

  return (
    <form className="whatsapp__form whatsapp__form--code" onSubmit={(event) => void submit(event)} noValidate>
      <p className="whatsapp__muted" role="status">
        {sentTo}
      </p>
      <div className="whatsapp__row">
        <FormField
          id="whatsapp-code"
          label={t('settings.whatsapp.code')}
          error={error ?? undefined}
          hint={t('settings.whatsapp.codeHint', { digits: whatsappCodeLength })}
          inputProps={{
            value: code,
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            placeholder: '123456',
            onChange: (event) => setCode(codeDigits(event.target.value)),
          }}
        />
        <Button type="submit" variant="primary" disabled={busy}>
          {t(confirming ? 'settings.whatsapp.confirming' : 'settings.whatsapp.confirm')}
        </Button>
      </div>
      {children}
    </form>
  );
}
