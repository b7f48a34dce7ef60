import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';

/** A value to configure on the agent (its key, our URL), shown whole and wrapped, with a Copy button. */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('partner');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="partner-copy">
      <span className="partner-copy__label">{label}</span>
      <div className="partner-copy__row">
        <code className="partner-copy__value" data-testid={testId}>
          {value}
        </code>
        <Button size="sm" aria-label={t('key.copyNamed', { label })} onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}>
          {state === 'copied' ? t('key.copied') : state === 'failed' ? t('key.copyFailed') : t('key.copy')}
        </Button>
      </div>
    </div>
  );
}
