import type { OrphanMessage } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { assignOrphan } from '@/features/ops-orphans/api/assign-orphan';
import { useOrphanRentals } from '@/features/ops-orphans/api/use-orphan-rentals';
import { OrphanSummary } from './OrphanSummary';
import { useOrphanDecision } from './use-orphan-decision';
import { Button } from '@/components/button/Button';

interface AssignModalProps {
  orphan: OrphanMessage;
  onClose: () => void;
  /** Assigned (or found already decided): the list is read again. */
  onDone: () => void;
}

/**
 * Assign: the rentals that hold the SMS's number now (its number lock names them: a Private
 * number has one, a Shared one one per service); the chosen renter gets it as if it had just arrived.
 */
export function AssignModal({ orphan, onClose, onDone }: AssignModalProps) {
  const { t, i18n } = useTranslation(['ops-orphans', 'ops', 'errors']);
  const { data, error: loadError, isLoading } = useOrphanRentals(orphan.id);
  const rentals = data?.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const { busy, error, decide } = useOrphanDecision(onDone);
  const selected = chosen ?? (rentals.length === 1 ? rentals[0]!.rental_id : null);

  const submit = async () => {
    if (selected) await decide(() => assignOrphan(orphan.id, { rental_id: selected }), t('assign.done'));
  };

  return (
    <Modal
      title={t('assign.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('ops:common.cancel')}</Button>
          <Button variant="primary" disabled={!selected || busy} onClick={() => void submit()}>
            {t('assign.submit')}
          </Button>
        </>
      }
    >
      <OrphanSummary orphan={orphan} />
      {isLoading ? (
        <Loader block />
      ) : loadError ? (
        <p className="orphan-modal__error" role="alert">
          {loadError instanceof ApiError ? serverErrorText(t, loadError) : t('ops:common.failed')}
        </p>
      ) : rentals.length === 0 ? (
        <p className="orphan-modal__hint">{orphan.number_id === null ? t('assign.notOurs') : t('assign.nobody')}</p>
      ) : (
        <fieldset className="orphan-modal__rentals">
          <legend className="orphan-modal__hint">{t('assign.choose')}</legend>
          {rentals.map((rental) => (
            <label key={rental.rental_id} className="orphan-modal__rental">
              <input
                type="radio"
                name="orphan-rental"
                value={rental.rental_id}
                checked={selected === rental.rental_id}
                onChange={() => setChosen(rental.rental_id)}
              />
              <span>
                <strong>{rental.user.email || rental.user.sub}</strong>
                <small>{rental.service ?? t('assign.allServices')}</small>
                <small>
                  {t('assign.period', { from: formatDateTime(rental.started_at, i18n.language), to: formatDateTime(rental.expires_at, i18n.language) })}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="orphan-modal__hint">{t('assign.effect')}</p>
      {error && (
        <p className="orphan-modal__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
