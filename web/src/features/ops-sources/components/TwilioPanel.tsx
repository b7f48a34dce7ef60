import { NumberType } from '@numbernest/contracts';
import { type TwilioAccountNumber, type TwilioImportReply } from '@numbernest/contracts/ops';
import { useMemo, useState } from 'react';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { useTwilioNumbers } from '@/features/ops-sources/api/use-twilio-numbers';
import { Button } from '@/components/button/Button';

/** A number may be chosen when it can be added, or when it is ours but Twilio posts its SMS elsewhere (the import sets the webhook). */
const choosable = (n: TwilioAccountNumber) => (n.already_added ? !n.sms_url_ours : n.country_id !== null);

const types = [NumberType.Shared, NumberType.Private, NumberType.Temporary] as const;

/**
 * The Twilio account's numbers: loaded on demand, each marked as ours or not, with where Twilio
 * posts its SMS; the operator ticks some, picks their type, and adds them (each once; their SMS
 * webhook set to ours).
 */
export function TwilioPanel() {
  const { t } = useTranslation(['ops-sources', 'ops', 'errors']);
  const [load, setLoad] = useState(false);
  const { data, error, isLoading, isValidating, mutate, importNumbers } = useTwilioNumbers(load);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [type, setType] = useState<NumberType>(NumberType.Shared);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TwilioImportReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const numbers = useMemo(() => data?.data ?? [], [data]);
  const candidates = numbers.filter(choosable);
  const picked = numbers.filter((n) => chosen.has(n.sid) && choosable(n));

  const toggle = (sid: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(sid)) next.add(sid);
      return next;
    });

  async function submit() {
    if (!picked.length || busy) return;
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await importNumbers({ numbers: picked.map((n) => ({ sid: n.sid, mobile_number_type_id: type })) }));
      setChosen(new Set());
    } catch (caught) {
      setFailure(caught instanceof ApiError ? serverErrorText(t, caught) : t('twilio.importFailed'));
    } finally {
      setBusy(false);
    }
  }

  const status = (n: TwilioAccountNumber) => {
    if (n.already_added) return <span className="sources__badge sources__badge--ok">{t('twilio.status.ours')}</span>;
    if (n.country_id === null)
      return <span className="sources__badge sources__badge--muted">{t('twilio.status.noCountry', { iso: (n.country_iso ?? '?').toUpperCase() })}</span>;
    return <span className="sources__badge">{t('twilio.status.new')}</span>;
  };

  const webhook = (n: TwilioAccountNumber) =>
    n.sms_url_ours ? (
      <span className="sources__hook sources__hook--ok">{t('twilio.webhook.ours')}</span>
    ) : n.sms_url ? (
      <span className="sources__hook sources__hook--warn" title={n.sms_url}>
        {t('twilio.webhook.elsewhere')}
      </span>
    ) : (
      <span className="sources__hook sources__hook--warn">{t('twilio.webhook.none')}</span>
    );

  return (
    <Panel
      title={t('twilio.title')}
      action={
        <Button size="sm" disabled={isValidating} onClick={() => (load ? void mutate() : setLoad(true))}>
          {load ? t('twilio.reload') : t('twilio.load')}
        </Button>
      }
    >
      <p className="sources__lead">{t('twilio.lead')}</p>
      {!load ? null : isLoading ? (
        <Loader block />
      ) : error && !data ? (
        <div className="sources__problem" role="alert">
          <p>{error instanceof ApiError ? serverErrorText(t, error) : t('ops:common.failed')}</p>
          <Button size="sm" onClick={() => void mutate()}>
            {t('ops:common.retry')}
          </Button>
        </div>
      ) : data ? (
        <>
          <p className="sources__note">
            {t('twilio.webhookIs')} <code>{data.webhook_url}</code>
          </p>
          {numbers.length === 0 ? (
            <p className="sources__empty">{t('twilio.empty')}</p>
          ) : (
            <>
              <div className="sources__toolbar">
                <span>{t('twilio.count', { count: numbers.length, ours: numbers.filter((n) => n.already_added).length })}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!candidates.length}
                  onClick={() => setChosen(picked.length === candidates.length ? new Set() : new Set(candidates.map((n) => n.sid)))}
                >
                  {picked.length === candidates.length && candidates.length ? t('twilio.none') : t('twilio.all')}
                </Button>
              </div>
              <ul className="sources__numbers" data-testid="twilio-numbers">
                {numbers.map((n) => {
                  const id = `twilio-${n.sid}`;
                  return (
                    <li key={n.sid} className={`sources__number${choosable(n) ? '' : ' sources__number--off'}`}>
                      <input
                        id={id}
                        type="checkbox"
                        checked={chosen.has(n.sid) && choosable(n)}
                        disabled={!choosable(n) || busy}
                        onChange={() => toggle(n.sid)}
                      />
                      <label htmlFor={id} className="sources__number-main">
                        <span className="sources__e164">{n.e164}</span>
                        {n.friendly_name && n.friendly_name !== n.e164 && <span className="sources__muted">{n.friendly_name}</span>}
                      </label>
                      <span className="sources__number-tags">
                        {status(n)}
                        {webhook(n)}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <div className="sources__import">
                <div className="field">
                  <label className="field__label" htmlFor="twilio-type">
                    {t('twilio.type')}
                  </label>
                  <select id="twilio-type" className="field__control" value={type} onChange={(e) => setType(Number(e.target.value) as NumberType)}>
                    {types.map((value) => (
                      <option key={value} value={value}>
                        {t(`types.${value}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <Button variant="primary" disabled={!picked.length || busy} onClick={() => void submit()}>
                  {t('twilio.import', { count: picked.length })}
                </Button>
              </div>
            </>
          )}
        </>
      ) : null}
      {failure && (
        <p className="sources__error" role="alert">
          {failure}
        </p>
      )}
      {result && (
        <div className="sources__result" role="status" data-testid="twilio-import-result">
          <p>{t('twilio.result', { created: result.created, webhooks: result.webhooks_set })}</p>
          {result.skipped.length > 0 && (
            <ul>
              {result.skipped.map((s) => (
                <li key={`skip-${s.e164}`}>
                  {s.e164}: {t(`twilio.reasons.${s.reason}`, { defaultValue: s.reason })}
                </li>
              ))}
            </ul>
          )}
          {result.webhook_failures.length > 0 && (
            <ul className="sources__error">
              {result.webhook_failures.map((f) => (
                <li key={`hook-${f.e164}`}>{t('twilio.webhookFailed', { e164: f.e164, reason: f.reason })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}
