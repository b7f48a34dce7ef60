import { useTranslation } from '@/lib/i18n';
import { Tabs } from '@/components/tabs/Tabs';

export type NumberStatus = 'active' | 'deactive';

/** The Active / Deactive filter of number lists. */
export function NumberStatusTabs({ value, onChange }: { value: NumberStatus; onChange: (status: NumberStatus) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Tabs
      label={t('numbers.filter')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'active', label: t('numbers.active') },
        { value: 'deactive', label: t('numbers.deactive') },
      ]}
    />
  );
}
