import { useTranslation } from '@/lib/i18n';
import { deliveryPercent } from '@/lib/catalog/delivery-rate';

/** "92% delivered" under a Temporary service's name; nothing while the rate is hidden (too few activations). */
export function DeliveryRate({ rate }: { rate: number | null }) {
  const { t, i18n } = useTranslation('picker');
  const percent = deliveryPercent(rate, i18n.language);
  if (percent === null) return null;
  return (
    <span className="picker-delivery" data-testid="delivery-rate" title={t('deliveryRateHint')}>
      {t('deliveryRate', { rate: percent })}
    </span>
  );
}
