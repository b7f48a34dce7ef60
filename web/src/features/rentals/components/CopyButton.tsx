import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CheckIcon } from '@/components/icons/Icons';
import { copyText } from '@/lib/clipboard';
import { CopyIcon } from './icons';
import { Button } from '@/components/button/Button';
import './rentals.css';

export const copiedForMs = 2000;

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers: "Copy the code 123456". */
  label: string;
  testId?: string;
  size?: 'sm' | 'md';
}

/** One click puts `text` on the clipboard; the button says "Copied" for two seconds. */
export function CopyButton({ text, label, testId, size = 'sm' }: CopyButtonProps) {
  const { t } = useTranslation('rentals');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), copiedForMs);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyText(text)) ? 'copied' : 'failed');

  return (
    <>
      <Button
        size={size === 'sm' ? 'sm' : undefined}
        className="copy-btn"
        data-testid={testId}
        data-copied={state === 'copied' || undefined}
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          void copy();
        }}
      >
        {state === 'copied' ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
        <span aria-hidden="true">{state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.copy')}</span>
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? t('copy.copiedText', { text }) : state === 'failed' ? t('copy.failedText') : ''}
      </span>
    </>
  );
}
