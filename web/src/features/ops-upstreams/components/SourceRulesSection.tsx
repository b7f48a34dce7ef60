import { preprocess, putSourceRuleRequestSchema, type PutSourceRuleRequest, type SourceOption, type SourceRule } from '@numbernest/contracts';
import type { OpsCountry, OpsService } from '@numbernest/contracts/ops';
import { useMemo, useState } from 'react';
import { Button } from '@/components/button/Button';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { SlidersIcon } from '@/components/icons/dashboard-icons';
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
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';
import { useRulesCatalogue } from '@/features/ops-upstreams/api/use-rules-catalogue';
import { useSourceRules } from '@/features/ops-upstreams/api/use-source-rules';

/** Every service of the country, in the form's service select. */
const allServices = 'all';

type Field = 'country_id' | 'service_id' | 'mode' | 'pin' | 'exclude';
type Mode = 'pin' | 'exclude';

/** The form's strings read as the request (exclusions travel as one comma-joined value), then judged by its own schema. */
const ruleFormSchema = preprocess((values) => {
  const v = values as Record<Field, string>;
  const exclude = v.exclude ? v.exclude.split(',') : [];
  return {
    country_id: v.country_id === '' ? undefined : Number(v.country_id),
    service_id: v.service_id === allServices ? null : Number(v.service_id),
    ...(v.mode === 'pin' ? { pin: v.pin } : { exclude }),
  };
}, putSourceRuleRequestSchema);

interface Names {
  country: (id: number, fallback: string | null) => string;
  service: (id: number | null, fallback: string | null) => string;
  source: (source: string) => string;
}

/**
 * The source rules on the Upstreams page: for a country (and one service, or all of them) either one
 * source pinned (only it sells there) or some excluded (they never do). Sources are our numbers,
 * each partner's agent and each upstream. A service's rule wins over its country's.
 */
export function SourceRulesSection() {
  const { t, i18n } = useTranslation(['ops-upstreams', 'ops', 'errors']);
  const toast = useToast();
  const { data, error, isLoading, mutate, save } = useSourceRules();
  const catalogue = useRulesCatalogue();
  const [editing, setEditing] = useState<SourceRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<SourceRule | null>(null);
  const [busy, setBusy] = useState(false);
  const view = data?.data;
  const lng = i18n.language;

  const countries = useMemo(
    () =>
      [...(catalogue.data?.data.countries ?? [])]
        .map((c) => ({ ...c, name: countryName({ code: c.iso, name: c.name }, lng) }))
        .sort((a, b) => a.name.localeCompare(b.name, lng)),
    [catalogue.data, lng],
  );
  const services = useMemo(() => [...(catalogue.data?.data.services ?? [])].sort((a, b) => a.name.localeCompare(b.name, lng)), [catalogue.data, lng]);
  const sources = view?.sources ?? [];
  const names: Names = {
    country: (id, fallback) => countries.find((c) => c.id === id)?.name ?? fallback ?? `#${id}`,
    service: (id, fallback) => (id === null ? t('rules.allServices') : (services.find((s) => s.id === id)?.name ?? fallback ?? `#${id}`)),
    source: (source) =>
      sourceLabel(
        t,
        sources.find((s) => s.source === source),
      ) ?? t('rules.goneSource', { source }),
  };
  const ruleLabel = (rule: SourceRule) =>
    t('rules.ruleName', { country: names.country(rule.country_id, rule.country_name), service: names.service(rule.service_id, rule.service_name) });

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await save({ country_id: removing.country_id, service_id: removing.service_id, pin: null });
      toast.success(t('rules.removed', { rule: ruleLabel(removing) }));
      setRemoving(null);
    } catch (caught) {
      toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<SourceRule>[] = [
    { key: 'country', header: t('rules.columns.country'), cell: (rule) => names.country(rule.country_id, rule.country_name) },
    { key: 'service', header: t('rules.columns.service'), cell: (rule) => names.service(rule.service_id, rule.service_name) },
    {
      key: 'rule',
      header: t('rules.columns.rule'),
      cell: (rule) =>
        rule.pin ? (
          <span>{t('rules.onlyFrom', { source: names.source(rule.pin) })}</span>
        ) : (
          <span>{t('rules.excluding', { sources: rule.exclude.map(names.source).join(', ') })}</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('rules.columns.actions')}</span>,
      cell: (rule) => (
        <div className="ops-upstreams__actions">
          <Button size="sm" aria-label={t('rules.editNamed', { rule: ruleLabel(rule) })} onClick={() => setEditing(rule)}>
            {t('edit')}
          </Button>
          <Button variant="danger-outline" size="sm" aria-label={t('rules.removeNamed', { rule: ruleLabel(rule) })} onClick={() => setRemoving(rule)}>
            {t('remove')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Panel
      title={t('rules.title')}
      action={
        view && (
          <Button size="sm" variant="primary" onClick={() => setEditing('new')} disabled={!catalogue.data}>
            {t('rules.add')}
          </Button>
        )
      }
    >
      <div data-testid="source-rules">
        <p className="ops-upstreams__lead">{t('rules.lead')}</p>
        {isLoading && !view ? (
          <Loader block />
        ) : !view ? (
          <EmptyState
            icon={SlidersIcon}
            title={error ? t('ops:common.failed') : t('rules.title')}
            action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
          />
        ) : (
          <>
            {view.edited_at && (
              <p className="ops-upstreams__muted">{t('rules.edited', { who: view.edited_by ?? '', when: formatDateTime(view.edited_at, lng) })}</p>
            )}
            <DataTable
              caption={t('rules.caption')}
              columns={columns}
              rows={view.rules}
              rowKey={(rule) => `${rule.country_id}/${rule.service_id ?? allServices}`}
              empty={<p className="ops-upstreams__muted">{t('rules.none')}</p>}
              testId="source-rules-table"
              rowTestId="source-rule"
            />
          </>
        )}
      </div>

      {editing && (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          countries={countries}
          services={services}
          sources={sources}
          names={names}
          onClose={() => setEditing(null)}
          onSaved={(label) => {
            setEditing(null);
            toast.success(t('rules.saved', { rule: label }));
          }}
        />
      )}

      {removing && (
        <ConfirmDialog
          title={t('rules.confirm.title', { rule: ruleLabel(removing) })}
          confirmLabel={t('remove')}
          cancelLabel={t('ops:common.cancel')}
          busy={busy}
          onConfirm={() => void confirmRemove()}
          onClose={() => setRemoving(null)}
          confirmTestId="source-rule-remove-confirm"
        >
          <p>{t('rules.confirm.text')}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}

/** A source as operators call it: our numbers, an agent by name, an upstream by name. */
function sourceLabel(t: ReturnType<typeof useTranslation>['t'], option: SourceOption | undefined): string | undefined {
  if (!option) return undefined;
  if (option.kind === 'own') return t('ops-upstreams:rules.ownNumbers');
  return t(option.kind === 'agent' ? 'ops-upstreams:rules.agentNamed' : 'ops-upstreams:rules.upstreamNamed', { name: option.name });
}

/** Add a rule (country, service or all of them, then a pin or exclusions), or change one's sources. */
function RuleDialog({
  rule,
  countries,
  services,
  sources,
  names,
  onClose,
  onSaved,
}: {
  rule: SourceRule | null;
  countries: readonly OpsCountry[];
  services: readonly OpsService[];
  sources: readonly SourceOption[];
  names: Names;
  onClose: () => void;
  onSaved: (label: string) => void;
}) {
  const { t } = useTranslation(['ops-upstreams', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const { save } = useSourceRules();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<Field, PutSourceRuleRequest>({
    schema: ruleFormSchema,
    initial: {
      country_id: rule ? String(rule.country_id) : '',
      service_id: rule?.service_id == null ? allServices : String(rule.service_id),
      mode: rule && !rule.pin ? 'exclude' : 'pin',
      pin: rule?.pin ?? 'own',
      exclude: rule?.exclude.join(',') ?? '',
    },
    idPrefix: 'source-rule',
    onFailure: (caught, placed) => {
      if (!placed) setFailure(caught instanceof ApiError ? serverErrorText(te, caught) : t('ops:common.failed'));
    },
  });
  const mode = form.values.mode as Mode;
  const excluded = new Set(form.values.exclude ? form.values.exclude.split(',') : []);
  const send = form.submit(async (body) => {
    await save(body);
    onSaved(t('rules.ruleName', { country: names.country(body.country_id, null), service: names.service(body.service_id, null) }));
  });
  const message = (field: Field) => {
    const error = form.errors[field];
    return error ? describeValidation(tv, error) : undefined;
  };
  const select = (
    field: 'country_id' | 'service_id' | 'mode' | 'pin',
    label: string,
    options: readonly { value: string; label: string }[],
    disabled = false,
  ) => {
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
        disabled={disabled}
        options={options}
      />
    );
  };
  const toggle = (source: string, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.add(source);
    else next.delete(source);
    form.bind('exclude').onChange({
      target: {
        value: sources
          .map((s) => s.source)
          .filter((s) => next.has(s))
          .join(','),
      },
    });
  };
  const sourceOptions = sources.map((option) => ({ value: option.source, label: sourceLabel(t, option) ?? option.source }));

  return (
    <Modal
      title={rule ? t('rules.form.editTitle', { rule: names.service(rule.service_id, rule.service_name) }) : t('rules.form.addTitle')}
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={form.busy}>
            {t('ops:common.cancel')}
          </Button>
          <Button type="submit" form="source-rule-form" variant="primary" disabled={form.busy} data-testid="source-rule-save">
            {t('rules.form.save')}
          </Button>
        </>
      }
    >
      <form
        id="source-rule-form"
        className="ops-upstreams__form"
        onSubmit={(event) => {
          setFailure(null);
          void send(event);
        }}
        noValidate
        aria-busy={form.busy}
      >
        <p className="ops-upstreams__lead">{t('rules.form.lead')}</p>
        {select(
          'country_id',
          t('rules.columns.country'),
          [{ value: '', label: t('rules.form.chooseCountry') }, ...countries.map((c) => ({ value: String(c.id), label: c.name }))],
          rule !== null,
        )}
        {select(
          'service_id',
          t('rules.columns.service'),
          [{ value: allServices, label: t('rules.allServices') }, ...services.map((s) => ({ value: String(s.id), label: s.name }))],
          rule !== null,
        )}
        {select('mode', t('rules.form.mode'), [
          { value: 'pin', label: t('rules.form.pin') },
          { value: 'exclude', label: t('rules.form.exclude') },
        ])}
        {mode === 'pin' ? (
          select('pin', t('rules.form.pinSource'), sourceOptions)
        ) : (
          <fieldset className="ops-upstreams__sources" aria-describedby={message('exclude') ? 'source-rule-exclude-error' : undefined}>
            <legend className="field__label">{t('rules.form.excludeSources')}</legend>
            {sourceOptions.map((option) => (
              <label key={option.value} className="ops-upstreams__source">
                <input type="checkbox" checked={excluded.has(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
                <span>{option.label}</span>
              </label>
            ))}
            {excluded.size === 0 && <p className="ops-upstreams__muted">{t('rules.form.noneExcluded')}</p>}
            {message('exclude') && (
              <p id="source-rule-exclude-error" className="ops-upstreams__error">
                {message('exclude')}
              </p>
            )}
          </fieldset>
        )}
        {failure && (
          <p className="ops-upstreams__error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
