import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/button/Button';
import { DataTable } from '@/components/data-table/DataTable';
import { Loader } from '@/components/loader/Loader';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { copyText } from '@/lib/clipboard';
import { Panel } from '@/components/panel/Panel';
import { useWebhook } from '@/features/account/api/use-webhook';
import { formatDateTime } from '@/lib/dates';
import { SettingsLoadError } from './SettingsLoadError';

/**
 * Account setting -> API -> Webhook: one URL that gets every SMS to the user's numbers (signed with
 * the user's secret), Send test, and the last deliveries with Redeliver.
 */
export function WebhookSettings() {
  const { t, i18n } = useTranslation('account');
  const { t: tv } = useTranslation('validation');
  const { t: te } = useTranslation('errors');
  /** The URL's problem by its code (the field's, else the reply's). */
  const webhookUrlProblem = (failure: ApiError) => {
    const url = fieldErrorsFromServer<'url'>(failure.body).url;
    return url ? describeValidation(tv, url) : serverErrorText(te, failure);
  };
  const toast = useToast();
  const { data, error, mutate, save, sendTest, redeliver } = useWebhook();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const saved = data?.data.url ?? null;
  useEffect(() => setUrl(saved ?? ''), [saved]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSaveError(null);
    try {
      await save(url.trim() || null);
      toast.success(t('settings.webhook.saved'));
    } catch (failure) {
      setSaveError(failure instanceof ApiError && failure.status === 400 ? webhookUrlProblem(failure) : t('settings.webhook.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (failure) {
      toast.error(t(failure instanceof ApiError && failure.status === 429 ? 'settings.webhook.tooMany' : 'settings.webhook.actionFailed'));
    } finally {
      setBusy(false);
    }
  }

  const secret = data?.data.secret ?? null;
  const deliveries = data?.data.deliveries ?? [];
  return (
    <Panel title={t('settings.webhook.title')}>
      <div className="api-keys">
        <p className="api-keys__lead">{t('settings.webhook.lead')}</p>
        <form className="api-keys__form" onSubmit={(event) => void submit(event)}>
          <label className="field__label" htmlFor="webhook-url">
            {t('settings.webhook.url')}
          </label>
          <div className="api-keys__form-row">
            <input
              id="webhook-url"
              data-testid="webhook-url"
              className="field__control"
              type="url"
              value={url}
              maxLength={2048}
              placeholder="https://example.com/numbernest"
              autoComplete="off"
              onChange={(event) => setUrl(event.target.value)}
            />
            <Button type="submit" variant="primary" data-testid="webhook-save" disabled={busy}>
              {t('settings.webhook.save')}
            </Button>
          </div>
          {saveError && (
            <p className="field__error" role="alert">
              {saveError}
            </p>
          )}
        </form>

        {secret && (
          <div className="api-keys__new">
            <p className="api-keys__hint">{t('settings.webhook.secret')}</p>
            <code className="api-keys__key" data-testid="webhook-secret">
              {secret}
            </code>
            <div className="api-keys__new-actions">
              <Button size="sm" onClick={() => void copyText(secret).then((ok) => setCopied(ok))}>
                {copied ? t('settings.api.copied') : t('settings.api.copy')}
              </Button>
            </div>
            <p className="api-keys__hint">{t('settings.webhook.verify')}</p>
            <code className="api-keys__key">X-NumberNest-Signature: t=…,v1=hex(HMAC-SHA256(secret, t + "." + body))</code>
          </div>
        )}

        {saved && (
          <p>
            <Button size="sm" data-testid="webhook-test" disabled={busy} onClick={() => void run(sendTest, t('settings.webhook.testSent'))}>
              {t('settings.webhook.test')}
            </Button>
          </p>
        )}

        {data ? (
          deliveries.length === 0 ? (
            <p className="api-keys__empty">{t('settings.webhook.empty')}</p>
          ) : (
            <DataTable
              caption={t('settings.webhook.title')}
              rows={deliveries}
              rowKey={(d) => d.id}
              rowTestId="webhook-delivery"
              columns={[
                { key: 'time', header: t('settings.webhook.time'), cell: (d) => formatDateTime(d.created_at, i18n.language, { seconds: true }) },
                {
                  key: 'status',
                  header: t('settings.webhook.status'),
                  cell: (d) => (
                    <span title={d.last_error ?? undefined}>
                      {d.status_code ?? '—'} {t(`settings.webhook.states.${d.status}`)}
                    </span>
                  ),
                },
                { key: 'attempts', header: t('settings.webhook.attempts'), cell: (d) => d.attempts, numeric: true },
                {
                  key: 'actions',
                  header: <span className="visually-hidden">{t('settings.api.actions')}</span>,
                  cell: (d) => (
                    <Button size="sm" disabled={busy || !saved} onClick={() => void run(() => redeliver(d.id), t('settings.webhook.redelivered'))}>
                      {t('settings.webhook.redeliver')}
                    </Button>
                  ),
                },
              ]}
            />
          )
        ) : error ? (
          <SettingsLoadError text={t('settings.webhook.loadError')} onRetry={() => void mutate()} />
        ) : (
          <Loader block />
        )}
      </div>
    </Panel>
  );
}
