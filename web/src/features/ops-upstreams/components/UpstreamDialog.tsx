import {
  createUpstreamRequestSchema,
  defaultMinMarginPercent,
  preprocess,
  updateUpstreamRequestSchema,
  upstreamCurrencies,
  upstreamKinds,
  type CreateUpstreamRequest,
  type UpdateUpstreamRequest,
  type Upstream,
} from '@numbernest/contracts';
import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { FormField } from '@/components/form-field/FormField';
import { Modal } from '@/components/modal/Modal';
import { Select } from '@/components/select/Select';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';
import { addUpstream } from '@/features/ops-upstreams/api/add-upstream';
import { updateUpstream } from '@/features/ops-upstreams/api/update-upstream';

type Field = 'kind' | 'name' | 'url' | 'key' | 'currency' | 'rate' | 'min_margin_percent';

/** A decimal as typed (a decimal comma too); blank stays blank, so the schema decides. */
const typedDecimal = (value: string) => {
  const text = value.trim().replace(',', '.');
  return text === '' ? undefined : text;
};
const typedNumber = (value: string) => {
  const text = typedDecimal(value);
  return text === undefined ? undefined : Number(text);
};

/** The form's strings read as the request, then judged by the request's own schema. */
const addFormSchema = preprocess((values) => {
  const v = values as Record<Field, string>;
  return {
    kind: v.kind,
    name: v.name,
    url: v.url,
    key: v.key,
    currency: v.currency,
    rate: typedDecimal(v.rate) ?? (v.currency === 'USD' ? '1' : undefined),
    min_margin_percent: typedNumber(v.min_margin_percent),
  };
}, createUpstreamRequestSchema);
/** Editing sends every field but the key, which is sent only when a new one is typed (blank keeps it). */
const editFormSchema = preprocess((values) => {
  const v = values as Record<Field, string>;
  return {
    name: v.name,
    url: v.url,
    ...(v.key.trim() ? { key: v.key } : {}),
    currency: v.currency,
    rate: typedDecimal(v.rate),
    min_margin_percent: typedNumber(v.min_margin_percent),
  };
}, updateUpstreamRequestSchema);

/** Add an upstream, or change one (its kind stays: another protocol is another upstream). */
export function UpstreamDialog({ upstream, onClose, onSaved }: { upstream: Upstream | null; onClose: () => void; onSaved: (saved: Upstream) => void }) {
  const { t, i18n } = useTranslation(['ops-upstreams', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const [failure, setFailure] = useState<string | null>(null);
  const lng = i18n.language;
  const form = useSchemaForm<Field, CreateUpstreamRequest | UpdateUpstreamRequest>({
    schema: upstream ? editFormSchema : addFormSchema,
    initial: {
      kind: upstream?.kind ?? 'sms-activate',
      name: upstream?.name ?? '',
      url: upstream?.url ?? '',
      key: '',
      currency: upstream?.currency ?? 'USD',
      rate: upstream ? upstream.rate.toLocaleString('en', { maximumFractionDigits: 6, useGrouping: false }) : '',
      min_margin_percent: (upstream?.min_margin_percent ?? defaultMinMarginPercent).toLocaleString(lng, { maximumFractionDigits: 1, useGrouping: false }),
    },
    idPrefix: 'upstream',
    onFailure: (caught, placed) => {
      if (!placed) setFailure(caught instanceof ApiError ? serverErrorText(te, caught) : t('ops:common.failed'));
    },
  });
  const send = form.submit(async (body) => {
    const reply = upstream ? await updateUpstream(upstream.id, body as UpdateUpstreamRequest) : await addUpstream(body as CreateUpstreamRequest);
    onSaved(reply.data);
  });
  const message = (field: Field) => {
    const error = form.errors[field];
    return error ? describeValidation(tv, error) : undefined;
  };
  const select = (field: 'kind' | 'currency', label: string, options: readonly { value: string; label: string }[], hint?: string) => {
    const bound = form.bind(field);
    return (
      <Select
        id={bound.id}
        name={bound.name}
        value={bound.value}
        onChange={(event) => bound.onChange({ target: { value: event.target.value } })}
        onBlur={bound.onBlur}
        label={label}
        hint={hint}
        error={message(field)}
        disabled={field === 'kind' && upstream !== null}
        options={options}
      />
    );
  };

  return (
    <Modal
      title={upstream ? t('dialog.editTitle', { name: upstream.name }) : t('dialog.addTitle')}
      onClose={() => !form.busy && onClose()}
      footer={
        <>
          <Button onClick={onClose} disabled={form.busy}>
            {t('ops:common.cancel')}
          </Button>
          <Button type="submit" form="upstream-form" variant="primary" disabled={form.busy} data-testid="upstream-save">
            {upstream ? t('dialog.save') : t('dialog.add')}
          </Button>
        </>
      }
    >
      <form
        id="upstream-form"
        className="ops-upstreams__form"
        onSubmit={(event) => {
          setFailure(null);
          void send(event);
        }}
        noValidate
        aria-busy={form.busy}
      >
        <p className="ops-upstreams__lead">{t('dialog.lead')}</p>
        {select(
          'kind',
          t('dialog.kind'),
          upstreamKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
          t(`dialog.kindHint.${form.values.kind as (typeof upstreamKinds)[number]}`),
        )}
        <FormField label={t('dialog.name')} error={message('name')} inputProps={{ autoComplete: 'off', maxLength: 40, ...form.bind('name') }} />
        <FormField
          label={t('dialog.url')}
          hint={t('dialog.urlHint')}
          error={message('url')}
          inputProps={{ type: 'url', inputMode: 'url', autoComplete: 'off', spellCheck: false, ...form.bind('url') }}
        />
        <FormField
          label={t('dialog.key')}
          hint={upstream ? t('dialog.keyKeep', { hint: upstream.key_hint }) : t('dialog.keyHint')}
          error={message('key')}
          inputProps={{ type: 'password', autoComplete: 'off', spellCheck: false, ...form.bind('key') }}
        />
        <div className="ops-upstreams__form-row">
          {select(
            'currency',
            t('dialog.currency'),
            upstreamCurrencies.map((currency) => ({ value: currency, label: t(`currencies.${currency}`) })),
          )}
          <FormField
            label={t('dialog.rate')}
            hint={form.values.currency === 'USD' ? t('dialog.rateHintUsd') : t('dialog.rateHint', { currency: form.values.currency })}
            error={message('rate')}
            inputProps={{ inputMode: 'decimal', autoComplete: 'off', placeholder: form.values.currency === 'USD' ? '1' : '0.0109', ...form.bind('rate') }}
          />
        </div>
        <FormField
          label={t('dialog.margin')}
          hint={t('dialog.marginHint')}
          error={message('min_margin_percent')}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off', ...form.bind('min_margin_percent') }}
        />
        {failure && (
          <p className="ops-upstreams__error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
