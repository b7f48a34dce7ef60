import { useTranslation } from '@/lib/i18n';
import { Modal } from '@/components/modal/Modal';
import { Button } from '@/components/button/Button';

export interface OrderSummary {
  country: string;
  service: string;
  number: string;
  rent: string;
  cost: string;
}

/** The last look before paying: the order's details with Back and Next. */
export function ConfirmModal({ order, onBack, onNext }: { order: OrderSummary; onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation('picker');
  const rows = [
    ['confirm.country', order.country],
    ['confirm.service', order.service],
    ['confirm.number', order.number],
    ['confirm.rent', order.rent],
  ] as const;
  return (
    <Modal
      title={t('confirm.title')}
      onClose={onBack}
      footer={
        <>
          <Button onClick={onBack}>{t('confirm.back')}</Button>
          <Button variant="primary" onClick={onNext}>
            {t('confirm.next')}
          </Button>
        </>
      }
    >
      <p className="confirm__intro">{t('confirm.intro')}</p>
      <dl className="confirm__list">
        {rows.map(([label, value]) => (
          <div key={label} className="confirm__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="confirm__row confirm__row--total">
          <dt>{t('confirm.cost')}</dt>
          <dd>{order.cost}</dd>
        </div>
      </dl>
    </Modal>
  );
}
