import { useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';

/** A value to configure elsewhere (a URL, a key), shown whole and wrapped, with a Copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('ops-sources');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className="sources__copy">
      <span className="sources__copy-label">{label}</span>
      <code className="sources__copy-value" data-testid={testId}>
        {value}
      </code>
      <Button size="sm" aria-label={t('copy.named', { label })} onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}>
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.copy')}
      </Button>
    </div>
  );
}
