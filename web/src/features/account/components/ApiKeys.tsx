import { maxApiKeys, type ApiKey } from '@numbernest/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button/Button';
import { DataTable } from '@/components/data-table/DataTable';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { useToast } from '@/components/toast/toast-context';
import { errorCodeOf } from '@/lib/server-errors';
import { copyText } from '@/lib/clipboard';
import { Panel } from '@/components/panel/Panel';
import { useApiKeys } from '@/features/account/api/use-api-keys';
import { formatDateTime } from '@/lib/dates';
import { SettingsLoadError } from './SettingsLoadError';

/** Where SMS-Activate-compatible clients send their requests (outside /api: the protocol's own path). */
const apiOrigin = () => import.meta.env.VITE_API_URL || window.location.origin;
export const handlerApiUrl = () => `${apiOrigin()}/stubs/handler_api.php`;
/** 5sim's v1 API on the same keys: a 5sim client's base URL. */
export const fiveSimBaseUrl = () => `${apiOrigin()}/v1`;

/**
 * Account setting -> API: keys for the SMS-Activate-compatible handler_api. A new key is shown
 * once (Copy, and a warning that it cannot be shown again); keys are listed by name with their
 * created and last-used times; revoking asks first; at most 5.
 */
export function ApiKeys() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const { data, error, mutate, create, revoke } = useApiKeys();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const keys = data?.data ?? [];
  const max = data?.max ?? maxApiKeys;
  const full = keys.length >= max;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('settings.api.never'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || busy || full) return;
    setBusy(true);
    setCreateError(null);
    try {
      const reply = await create(trimmed);
      setShown(reply.key);
      setCopied(false);
      setName('');
    } catch (failure) {
      setCreateError(errorCodeOf(failure) === 'TOO_MANY_API_KEYS' ? t('settings.api.limit', { count: max }) : t('settings.api.createFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await revoke(revoking.id);
      toast.success(t('settings.api.revoked', { name: revoking.name }));
      setRevoking(null);
    } catch {
      toast.error(t('settings.api.revokeFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('settings.api.title')}>
      <div className="api-keys">
        <p className="api-keys__lead">{t('settings.api.lead')}</p>
        <p className="api-keys__endpoint">
          {t('settings.api.endpoint')} <code>{handlerApiUrl()}</code>
        </p>
        <p className="api-keys__endpoint">
          {t('settings.api.fiveSimEndpoint')} <code>{fiveSimBaseUrl()}</code>
        </p>
        <p className="api-keys__docs">
          <Link to="/api-docs">{t('settings.api.docs')}</Link>
        </p>

        {shown && (
          <div className="api-keys__new" role="status">
            <p className="api-keys__warning">{t('settings.api.shownOnce')}</p>
            <code className="api-keys__key" data-testid="new-api-key">
              {shown}
            </code>
            <div className="api-keys__new-actions">
              <Button size="sm" onClick={() => void copyText(shown).then((ok) => setCopied(ok))}>
                {copied ? t('settings.api.copied') : t('settings.api.copy')}
              </Button>
              <Button size="sm" onClick={() => setShown(null)}>
                {t('settings.api.done')}
              </Button>
            </div>
          </div>
        )}

        {data ? (
          keys.length === 0 ? (
            <p className="api-keys__empty">{t('settings.api.empty')}</p>
          ) : (
            <DataTable
              caption={t('settings.api.title')}
              rows={keys}
              rowKey={(key) => key.id}
              columns={[
                { key: 'name', header: t('settings.api.name'), cell: (key) => key.name },
                { key: 'created', header: t('settings.api.created'), cell: (key) => when(key.created_at) },
                { key: 'used', header: t('settings.api.lastUsed'), cell: (key) => when(key.last_used_at) },
                {
                  key: 'actions',
                  header: <span className="visually-hidden">{t('settings.api.actions')}</span>,
                  cell: (key) => (
                    <Button size="sm" onClick={() => setRevoking(key)} aria-label={t('settings.api.revokeNamed', { name: key.name })}>
                      {t('settings.api.revoke')}
                    </Button>
                  ),
                },
              ]}
            />
          )
        ) : error ? (
          <SettingsLoadError text={t('settings.api.loadError')} onRetry={() => void mutate()} />
        ) : (
          <Loader block />
        )}

        <form className="api-keys__form" onSubmit={(event) => void submit(event)}>
          <label className="field__label" htmlFor="api-key-name">
            {t('settings.api.newName')}
          </label>
          <div className="api-keys__form-row">
            <input
              id="api-key-name"
              className="field__control"
              value={name}
              maxLength={60}
              autoComplete="off"
              disabled={full}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" variant="primary" disabled={busy || full || !name.trim()}>
              {t('settings.api.create')}
            </Button>
          </div>
          <p className="api-keys__hint">{full ? t('settings.api.limit', { count: max }) : t('settings.api.count', { count: keys.length, max })}</p>
          {createError && (
            <p className="danger__error" role="alert">
              {createError}
            </p>
          )}
        </form>
      </div>

      {revoking && (
        <Modal
          title={t('settings.api.revokeTitle')}
          onClose={() => !busy && setRevoking(null)}
          footer={
            <>
              <Button onClick={() => setRevoking(null)} disabled={busy}>
                {t('settings.api.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirmRevoke()} disabled={busy}>
                {t('settings.api.revoke')}
              </Button>
            </>
          }
        >
          <p>{t('settings.api.revokeText', { name: revoking.name })}</p>
        </Modal>
      )}
    </Panel>
  );
}
