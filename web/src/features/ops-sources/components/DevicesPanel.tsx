import type { GatewayDevice, RegisterDeviceReply } from '@numbernest/contracts/ops';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { PhoneIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, relativeTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { useDevices } from '@/features/ops-sources/api/use-devices';
import { CopyField } from './CopyField';
import { Button } from '@/components/button/Button';

interface SimRow {
  key: number;
  slot: number;
  e164: string;
}

const maxSims = 4;
const e164Pattern = /^\+[1-9]\d{6,14}$/;
let nextRowKey = 1;
const newRow = (slot: number): SimRow => ({ key: nextRowKey++, slot, e164: '' });

/**
 * The android-sms-gateway phones: each with its SIMs, its webhook URL and when it last called;
 * unregister (asked first); register a new one (name, a row per SIM slot), after which its webhook
 * URL and signing key are shown, the key this once.
 */
export function DevicesPanel() {
  const { t, i18n } = useTranslation(['ops-sources', 'ops', 'errors']);
  const toast = useToast();
  const { data, error, isLoading, mutate, register, unregister } = useDevices();
  const [name, setName] = useState('');
  const [sims, setSims] = useState<SimRow[]>(() => [newRow(1)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<RegisterDeviceReply | null>(null);
  const [leaving, setLeaving] = useState<GatewayDevice | null>(null);

  const devices = data?.data ?? [];
  const lastSeen = (d: GatewayDevice) =>
    d.last_seen_at ? (
      <time dateTime={d.last_seen_at} title={formatDateTime(d.last_seen_at, i18n.language)}>
        {relativeTime(d.last_seen_at, i18n.language)}
      </time>
    ) : (
      t('devices.never')
    );

  const setSim = (key: number, change: Partial<SimRow>) => setSims((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const freeSlot = () => [1, 2, 3, 4].find((slot) => !sims.some((row) => row.slot === slot)) ?? 1;

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('devices.form.nameRequired');
    sims.forEach((row, index) => {
      if (!e164Pattern.test(row.e164.trim())) found[`sims.${index}.e164`] = t('devices.form.e164Invalid');
      if (sims.findIndex((other) => other.slot === row.slot) !== index) found[`sims.${index}.slot`] = t('devices.form.slotTwice');
    });
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const reply = await register({ name: name.trim(), sims: sims.map((row) => ({ slot: row.slot, e164: row.e164.trim() })) });
      setRegistered(reply);
      setName('');
      setSims([newRow(1)]);
    } catch (caught) {
      const fields = caught instanceof ApiError ? (caught.body.fields ?? {}) : {};
      const mapped: Record<string, string> = {};
      for (const key of Object.keys(fields)) mapped[key] = /^sims\.\d+\.e164$/.test(key) ? t('devices.form.notOurs') : t('devices.form.invalid');
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFailure(caught instanceof ApiError ? serverErrorText(t, caught) : t('devices.form.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function confirmUnregister() {
    if (!leaving) return;
    setBusy(true);
    try {
      await unregister(leaving.id);
      toast.success(t('devices.unregistered', { name: leaving.name }));
      setLeaving(null);
    } catch (caught) {
      toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('devices.unregisterFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('devices.title')}>
      <p className="sources__lead">{t('devices.lead')}</p>

      {registered && (
        <div className="sources__registered" role="status" data-testid="device-registered">
          <p className="sources__registered-title">{t('devices.registered.title', { name: registered.data.name })}</p>
          <ol className="sources__steps">
            <li>{t('devices.registered.stepWebhook')}</li>
            <li>{t('devices.registered.stepKey')}</li>
          </ol>
          <CopyField label={t('devices.webhookUrl')} value={registered.data.webhook_url} testId="device-webhook-url" />
          <CopyField label={t('devices.signingKey')} value={registered.signing_key} testId="device-signing-key" />
          <p className="sources__warning">{t('devices.registered.once')}</p>
          <Button size="sm" onClick={() => setRegistered(null)}>
            {t('devices.registered.done')}
          </Button>
        </div>
      )}

      {isLoading ? (
        <Loader block />
      ) : error && !data ? (
        <div className="sources__problem" role="alert">
          <p>{t('ops:common.failed')}</p>
          <Button size="sm" onClick={() => void mutate()}>
            {t('ops:common.retry')}
          </Button>
        </div>
      ) : devices.length === 0 ? (
        <EmptyState icon={PhoneIcon} title={t('devices.empty')} />
      ) : (
        <ul className="sources__devices" data-testid="devices">
          {devices.map((d) => (
            <li key={d.id} className={`sources__device${d.unregistered_at ? ' sources__device--off' : ''}`}>
              <div className="sources__device-head">
                <span className="sources__device-name">{d.name}</span>
                <code className="sources__muted">{d.id}</code>
                {d.unregistered_at ? (
                  <span className="sources__badge sources__badge--muted">
                    {t('devices.unregisteredAt', { when: formatDateTime(d.unregistered_at, i18n.language) })}
                  </span>
                ) : (
                  <Button
                    variant="danger-outline"
                    size="sm"
                    className="sources__device-action"
                    aria-label={t('devices.unregisterNamed', { name: d.name })}
                    onClick={() => setLeaving(d)}
                  >
                    {t('devices.unregister')}
                  </Button>
                )}
              </div>
              <dl className="sources__facts">
                <dt>{t('devices.sims')}</dt>
                <dd>
                  {d.sims.map((sim) => (
                    <span key={sim.slot} className="sources__sim">
                      {t('devices.simSlot', { slot: sim.slot })} <span className="sources__e164">{sim.e164}</span>
                    </span>
                  ))}
                </dd>
                <dt>{t('devices.lastSeen')}</dt>
                <dd data-testid="device-last-seen">{lastSeen(d)}</dd>
              </dl>
              {!d.unregistered_at && <CopyField label={t('devices.webhookUrl')} value={d.webhook_url} />}
            </li>
          ))}
        </ul>
      )}

      <form className="sources__form" onSubmit={(event) => void submit(event)} noValidate>
        <h3 className="sources__form-title">{t('devices.form.title')}</h3>
        <div className={`field${errors.name ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="device-name">
            {t('devices.form.name')}
          </label>
          <input
            id="device-name"
            className="field__control"
            value={name}
            maxLength={80}
            autoComplete="off"
            placeholder={t('devices.form.namePlaceholder')}
            aria-invalid={errors.name ? true : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {errors.name && <p className="field__error">{errors.name}</p>}
        </div>
        <fieldset className="sources__sims">
          <legend className="field__label">{t('devices.form.sims')}</legend>
          {sims.map((row, index) => {
            const e164Error = errors[`sims.${index}.e164`];
            const slotError = errors[`sims.${index}.slot`];
            return (
              <div key={row.key} className="sources__sim-row">
                <select
                  className="field__control sources__slot"
                  aria-label={t('devices.form.slot', { index: index + 1 })}
                  value={row.slot}
                  aria-invalid={slotError ? true : undefined}
                  onChange={(event) => setSim(row.key, { slot: Number(event.target.value) })}
                >
                  {[1, 2, 3, 4].map((slot) => (
                    <option key={slot} value={slot}>
                      {t('devices.simSlot', { slot })}
                    </option>
                  ))}
                </select>
                <input
                  className="field__control sources__sim-number"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="+380501234567"
                  aria-label={t('devices.form.number', { index: index + 1 })}
                  aria-invalid={e164Error ? true : undefined}
                  value={row.e164}
                  onChange={(event) => setSim(row.key, { e164: event.target.value })}
                />
                {sims.length > 1 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('devices.form.removeSim', { index: index + 1 })}
                    onClick={() => setSims((rows) => rows.filter((other) => other.key !== row.key))}
                  >
                    ×
                  </Button>
                )}
                {(slotError || e164Error) && <p className="field__error sources__sim-error">{slotError ?? e164Error}</p>}
              </div>
            );
          })}
          {sims.length < maxSims && (
            <Button variant="ghost" size="sm" onClick={() => setSims((rows) => [...rows, newRow(freeSlot())])}>
              {t('devices.form.addSim')}
            </Button>
          )}
        </fieldset>
        {failure && (
          <p className="sources__error" role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          {t('devices.form.submit')}
        </Button>
      </form>

      {leaving && (
        <Modal
          title={t('devices.confirm.title', { name: leaving.name })}
          onClose={() => !busy && setLeaving(null)}
          footer={
            <>
              <Button onClick={() => setLeaving(null)} disabled={busy}>
                {t('ops:common.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirmUnregister()} disabled={busy}>
                {t('devices.unregister')}
              </Button>
            </>
          }
        >
          <p>{t('devices.confirm.text', { count: leaving.sims.length })}</p>
        </Modal>
      )}
    </Panel>
  );
}
