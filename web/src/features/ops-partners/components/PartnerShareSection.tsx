import { preprocess, putPartnerShareRequestSchema, type PartnerShareRule, type PutPartnerShareRequest } from '@numbernest/contracts';
import type { OpsCountry, OpsService } from '@numbernest/contracts/ops';
import { useMemo, useState } from 'react';
import { Button } from '@/components/button/Button';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { FormField } from '@/components/form-field/FormField';
import { UsersIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { ConfirmDialog } from '@/components/modal/ConfirmDialog';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { Select } from '@/components/select/Select';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { countryName } from '@/lib/catalog/localized-countries';
import { formatDateTime } from '@/lib/dates';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';
import { usePartnerShare } from '@/features/ops-partners/api/use-partner-share';
import { useShareCatalogue } from '@/features/ops-partners/api/use-share-catalogue';
import './partner-share.css';

/** A rule's country or service in the form's selects: an id, or `any`. */
const anyValue = 'any';

/** A percent as typed (a decimal comma too); blank stays blank, so the schema says it is required. */
const typedPercent = (value: unknown) => {
  const text = String(value ?? '')
    .trim()
    .replace(',', '.');
  return text === '' ? undefined : Number(text);
};
const typedTarget = (value: unknown) => (value === anyValue ? null : Number(value));

type DefaultField = 'default_percent';
type RuleField = 'country_id' | 'service_id' | 'percent';

/** The forms' strings read as the request, then judged by the request's own schema. */
const defaultFormSchema = preprocess(
  (values) => ({ default_percent: typedPercent((values as Record<DefaultField, string>).default_percent) }),
  putPartnerShareRequestSchema,
);
const ruleFormSchema = preprocess((values) => {
  const v = values as Record<RuleField, string>;
  return { country_id: typedTarget(v.country_id), service_id: typedTarget(v.service_id), percent: typedPercent(v.percent) };
}, putPartnerShareRequestSchema);

interface Names {
  country: (id: number | null, fallback: string | null) => string;
  service: (id: number | null, fallback: string | null) => string;
}

/**
 * The partners' share on the console's Partners page: what a partner earns of each activation their
 * agent sells, in percent of its price. A default, and rules per country and service (the most
 * specific wins); each rule of one country and one service shows what it pays of today's Temporary price.
 */
export function PartnerShareSection() {
  const { t, i18n } = useTranslation(['ops-partners', 'ops', 'errors']);
  const toast = useToast();
  const { data, error, isLoading, mutate, remove } = usePartnerShare();
  const catalogue = useShareCatalogue();
  const [editing, setEditing] = useState<PartnerShareRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<PartnerShareRule | null>(null);
  const [busy, setBusy] = useState(false);
  const share = data?.data;
  const lng = i18n.language;

  const countries = useMemo(
    () =>
      [...(catalogue.data?.data.countries ?? [])]
        .map((c) => ({ ...c, name: countryName({ code: c.iso, name: c.name }, lng) }))
        .sort((a, b) => a.name.localeCompare(b.name, lng)),
    [catalogue.data, lng],
  );
  const services = useMemo(() => [...(catalogue.data?.data.services ?? [])].sort((a, b) => a.name.localeCompare(b.name, lng)), [catalogue.data, lng]);
  const names: Names = {
    country: (id, fallback) => (id === null ? t('share.anyCountry') : (countries.find((c) => c.id === id)?.name ?? fallback ?? `#${id}`)),
    service: (id, fallback) => (id === null ? t('share.anyService') : (services.find((s) => s.id === id)?.name ?? fallback ?? `#${id}`)),
  };
  const percent = (value: number) => t('share.percent', { value: value.toLocaleString(lng, { maximumFractionDigits: 1 }) });
  const ruleLabel = (rule: PartnerShareRule) =>
    t('share.ruleName', { country: names.country(rule.country_id, rule.country_name), service: names.service(rule.service_id, rule.service_name) });

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await remove(removing.country_id, removing.service_id);
      toast.success(t('share.removed', { rule: ruleLabel(removing) }));
      setRemoving(null);
    } catch (caught) {
      toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<PartnerShareRule>[] = [
    { key: 'country', header: t('share.columns.country'), cell: (rule) => names.country(rule.country_id, rule.country_name) },
    { key: 'service', header: t('share.columns.service'), cell: (rule) => names.service(rule.service_id, rule.service_name) },
    { key: 'percent', header: t('share.columns.percent'), numeric: true, cell: (rule) => percent(rule.percent) },
    {
      key: 'example',
      header: t('share.columns.example'),
      numeric: true,
      cell: (rule) =>
        rule.temporary_price === null || rule.partner_earns === null ? (
          <span className="ops-share__muted" title={t('share.noExample')}>
            —
          </span>
        ) : (
          t('share.example', { earns: formatMoney(rule.partner_earns, lng), price: formatMoney(rule.temporary_price, lng) })
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('share.columns.actions')}</span>,
      cell: (rule) => (
        <div className="ops-share__actions">
          <Button size="sm" aria-label={t('share.editNamed', { rule: ruleLabel(rule) })} onClick={() => setEditing(rule)}>
            {t('share.edit')}
          </Button>
          <Button variant="danger-outline" size="sm" aria-label={t('share.removeNamed', { rule: ruleLabel(rule) })} onClick={() => setRemoving(rule)}>
            {t('share.remove')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Panel
      title={t('share.title')}
      action={
        share && (
          <Button size="sm" variant="primary" onClick={() => setEditing('new')} disabled={!catalogue.data}>
            {t('share.add')}
          </Button>
        )
      }
    >
      <div className="ops-share" data-testid="partner-share">
        <p className="ops-partners__lead">{t('share.lead')}</p>
        {isLoading && !share ? (
          <Loader block />
        ) : !share ? (
          <EmptyState
            icon={UsersIcon}
            title={error ? t('ops:common.failed') : t('share.title')}
            action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
          />
        ) : (
          <>
            <DefaultShareForm key={share.default_percent} percent={share.default_percent} />
            {share.edited_at && (
              <p className="ops-share__edited">{t('share.edited', { who: share.edited_by ?? '', when: formatDateTime(share.edited_at, lng) })}</p>
            )}
            <DataTable
              caption={t('share.rulesCaption')}
              columns={columns}
              rows={share.rules}
              rowKey={(rule) => `${rule.country_id ?? 'any'}/${rule.service_id ?? 'any'}`}
              empty={<p className="ops-share__muted">{t('share.noRules', { percent: percent(share.default_percent) })}</p>}
              testId="partner-share-rules"
              rowTestId="partner-share-rule"
            />
          </>
        )}
      </div>

      {editing && (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          countries={countries}
          services={services}
          names={names}
          onClose={() => setEditing(null)}
          onSaved={(label) => {
            setEditing(null);
            toast.success(t('share.saved', { rule: label }));
          }}
        />
      )}

      {removing && (
        <ConfirmDialog
          title={t('share.confirm.title', { rule: ruleLabel(removing) })}
          confirmLabel={t('share.remove')}
          cancelLabel={t('ops:common.cancel')}
          busy={busy}
          onConfirm={() => void confirmRemove()}
          onClose={() => setRemoving(null)}
          confirmTestId="partner-share-remove-confirm"
        >
          <p>{t('share.confirm.text', { percent: percent(removing.percent) })}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}

/** The default percent, judged by the request's schema; saved on its own. */
function DefaultShareForm({ percent }: { percent: number }) {
  const { t, i18n } = useTranslation(['ops-partners', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const toast = useToast();
  const { save } = usePartnerShare();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<DefaultField, PutPartnerShareRequest>({
    schema: defaultFormSchema,
    initial: { default_percent: percent.toLocaleString(i18n.language, { maximumFractionDigits: 1, useGrouping: false }) },
    idPrefix: 'partner-share-default',
    onFailure: (caught, placed) => {
      if (!placed) setFailure(caught instanceof ApiError ? serverErrorText(te, caught) : t('ops:common.failed'));
    },
  });
  const send = form.submit(async (body) => {
    const reply = await save(body);
    toast.success(t('share.defaultSaved', { percent: t('share.percent', { value: reply.data.default_percent.toLocaleString(i18n.language) }) }));
  });
  const error = form.errors.default_percent;

  return (
    <form
      className="ops-partners__grant"
      onSubmit={(event) => {
        setFailure(null);
        void send(event);
      }}
      noValidate
      aria-busy={form.busy}
    >
      <div className="ops-partners__grant-row ops-share__default">
        <FormField
          label={t('share.default')}
          hint={t('share.defaultHint')}
          error={error && describeValidation(tv, error)}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off', ...form.bind('default_percent') }}
        />
        <Button type="submit" variant="primary" disabled={form.busy}>
          {t('share.saveDefault')}
        </Button>
      </div>
      {failure && (
        <p className="ops-partners__error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

/** Add a rule (country and service from the catalogue, or Any), or change the percent of one. */
function RuleDialog({
  rule,
  countries,
  services,
  names,
  onClose,
  onSaved,
}: {
  rule: PartnerShareRule | null;
  countries: readonly OpsCountry[];
  services: readonly OpsService[];
  names: Names;
  onClose: () => void;
  onSaved: (label: string) => void;
}) {
  const { t, i18n } = useTranslation(['ops-partners', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const { save } = usePartnerShare();
  const [failure, setFailure] = useState<string | null>(null);
  const target = (id: number | null | undefined) => (id === null || id === undefined ? anyValue : String(id));
  const form = useSchemaForm<RuleField, PutPartnerShareRequest>({
    schema: ruleFormSchema,
    initial: {
      country_id: target(rule?.country_id),
      service_id: target(rule?.service_id),
      percent: rule ? rule.percent.toLocaleString(i18n.language, { maximumFractionDigits: 1, useGrouping: false }) : '',
    },
    idPrefix: 'partner-share-rule',
    onFailure: (caught, placed) => {
      if (!placed) setFailure(caught instanceof ApiError ? serverErrorText(te, caught) : t('ops:common.failed'));
    },
  });
  const bothAny = form.values.country_id === anyValue && form.values.service_id === anyValue;
  const send = form.submit(async (body) => {
    await save(body);
    onSaved(
      t('share.ruleName', {
        country: names.country(body.country_id ?? null, null),
        service: names.service(body.service_id ?? null, null),
      }),
    );
  });
  const message = (field: RuleField) => {
    const error = form.errors[field];
    if (!error) return undefined;
    return field === 'service_id' && bothAny ? t('share.form.bothAny') : describeValidation(tv, error);
  };
  const select = (field: 'country_id' | 'service_id', label: string, anyLabel: string, options: readonly { id: number; name: string }[]) => {
    const bound = form.bind(field);
    return (
      <Select
        id={bound.id}
        name={bound.name}
        value={bound.value}
        onChange={(event) => bound.onChange({ target: { value: event.target.value } })}
        onBlur={bound.onBlur}
        label={label}
        error={message(field)}
        disabled={rule !== null}
        options={[{ value: anyValue, label: anyLabel }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
      />
    );
  };

  return (
    <Modal
      title={
        rule
          ? t('share.form.editTitle', {
              rule: t('share.ruleName', {
                country: names.country(rule.country_id, rule.country_name),
                service: names.service(rule.service_id, rule.service_name),
              }),
            })
          : t('share.form.addTitle')
      }
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={form.busy}>
            {t('ops:common.cancel')}
          </Button>
          <Button type="submit" form="partner-share-rule-form" variant="primary" disabled={form.busy} data-testid="partner-share-rule-save">
            {t('share.form.save')}
          </Button>
        </>
      }
    >
      <form
        id="partner-share-rule-form"
        className="ops-share__form"
        onSubmit={(event) => {
          setFailure(null);
          void send(event);
        }}
        noValidate
        aria-busy={form.busy}
      >
        <p className="ops-partners__lead">{t('share.form.lead')}</p>
        {select('country_id', t('share.columns.country'), t('share.anyCountry'), countries)}
        {select('service_id', t('share.columns.service'), t('share.anyService'), services)}
        <FormField
          label={t('share.form.percent')}
          hint={t('share.defaultHint')}
          error={message('percent')}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off', ...form.bind('percent') }}
        />
        {failure && (
          <p className="ops-partners__error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
