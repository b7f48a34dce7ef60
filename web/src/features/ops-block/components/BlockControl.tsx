import type { BlockState } from '@numbernest/contracts/ops';
import { useEffect, useState } from 'react';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { blockUser } from '@/features/ops-block/api/block-user';
import { unblockUser } from '@/features/ops-block/api/unblock-user';
import { Button } from '@/components/button/Button';
import './BlockControl.css';

interface BlockControlProps {
  /** The customer's id. */
  sub: string;
  /** The block as the customer view read it (null: not blocked). */
  blocked: BlockState | null;
  /** After a block or unblock, with the new state: the host page may read the customer again. */
  onChange?: (blocked: BlockState | null) => void;
}

/**
 * Block / unblock one customer, for the customer view: the state (since when, why, by whom) and a
 * button that asks for the reason (required to block, optional to unblock) in a dialog.
 */
export function BlockControl({ sub, blocked: initial, onChange }: BlockControlProps) {
  const { t, i18n } = useTranslation(['ops-block', 'ops', 'errors']);
  const toast = useToast();
  const [blocked, setBlocked] = useState(initial);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setBlocked(initial), [initial]);

  const trimmed = reason.trim();
  const blocking = blocked === null;
  const reasonError = trimmed.length > 0 && trimmed.length < 3 ? t('reasonShort') : undefined;
  const canSubmit = !busy && !reasonError && (!blocking || trimmed.length >= 3);

  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = blocking ? await blockUser(sub, { reason: trimmed }) : await unblockUser(sub, trimmed ? { reason: trimmed } : {});
      setBlocked(reply.data.blocked);
      onChange?.(reply.data.blocked);
      toast.success(t(blocking ? 'blocked' : 'unblocked'));
      close();
    } catch (caught) {
      setError(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`block-control${blocked ? ' block-control--blocked' : ''}`} data-testid="block-control">
      <div className="block-control__state" role="status">
        <strong>{blocked ? t('stateBlocked') : t('stateActive')}</strong>
        {blocked && (
          <small>
            {t('since', { time: formatDateTime(blocked.since, i18n.language), operator: blocked.by.email })}
            <br />
            {t('why', { reason: blocked.reason })}
          </small>
        )}
      </div>
      <Button size="sm" variant={blocked ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>
        {blocked ? t('unblock') : t('block')}
      </Button>
      {open && (
        <Modal
          title={blocking ? t('blockTitle') : t('unblockTitle')}
          onClose={close}
          footer={
            <>
              <Button onClick={close}>{t('ops:common.cancel')}</Button>
              <Button variant={blocking ? 'danger' : 'primary'} disabled={!canSubmit} onClick={() => void submit()}>
                {blocking ? t('block') : t('unblock')}
              </Button>
            </>
          }
        >
          <p className="block-control__effect">{blocking ? t('blockEffect') : t('unblockEffect')}</p>
          <FormField
            id="block-reason"
            label={blocking ? t('ops:common.reason') : t('reasonOptional')}
            hint={t('ops:common.reasonHint')}
            error={reasonError}
            multiline
            inputProps={{ value: reason, maxLength: 500, rows: 3, required: blocking, onChange: (event) => setReason(event.target.value) }}
          />
          {error && (
            <p className="block-control__error" role="alert">
              {error}
            </p>
          )}
        </Modal>
      )}
    </div>
  );
}
