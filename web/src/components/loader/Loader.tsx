import { useTranslation } from '@/lib/i18n';
import './Loader.css';

interface LoaderProps {
  /** Accessible name; defaults to the translated "Loading". */
  label?: string;
  size?: 'sm' | 'md';
  /** Fill the area it sits in and centre the dots (page and list loading). */
  block?: boolean;
}

/** The product's loader: three hollow dots that pulse in turn. */
export function Loader({ label, size = 'md', block = false }: LoaderProps) {
  // No suspense here: the loader is itself the fallback while copy is still loading.
  const { t } = useTranslation('common', { useSuspense: false });
  const name = label ?? t('loading', { defaultValue: 'Loading' });
  return (
    <div className={`loader loader--${size}${block ? ' loader--block' : ''}`} role="status" aria-label={name}>
      <span className="loader__dot" />
      <span className="loader__dot" />
      <span className="loader__dot" />
    </div>
  );
}
