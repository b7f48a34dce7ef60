import { bodyIdSchema, preprocess, putMaxPriceRequestSchema, maxMaxPriceDollars, minMaxPriceDollars, type MaxPriceLimit } from '@numbernest/contracts';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { Button } from '@/components/button/Button';
import { DataTable } from '@/components/data-table/DataTable';
import { FormField } from '@/components/form-field/FormField';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { Select } from '@/components/select/Select';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { useCatalogServices } from '@/lib/catalog/use-catalog-services';
import { formatDateTime } from '@/lib/dates';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { useTranslation } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';
import { useMaxPrices } from '@/features/account/api/use-max-prices';
import { SettingsLoadError } from './SettingsLoadError';

type Field = 'service_id' | 'price';
interface PriceLimitForm {
  service_id: number;
  price: number;
}

/** Dollars as typed: a decimal comma too, a leading $ allowed; blank stays blank (Required), anything else not a number. */
export const typedDollars = (value: unknown) => {
  const text = String(value ?? '')
    .trim()
    .replace(/^\$\s*/, '')
    .replace(',', '.');
  if (text === '') return undefined;
  return /^\d+(\.\d*)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN;
};

/** The form's strings read as the request, judged by the contract's own schemas (the service as an id, the price as the PUT's). */
const formSchema = preprocess(
  (values) => {
    const v = values as Record<Field, string>;
    return { service_id: v.service_id === '' ? undefined : Number(v.service_id), price: typedDollars(v.price) };
  },
  z.object({
    service_id: bodyIdSchema,
    // Text that is no amount says so ("ten"), rather than zod's "Required." for a NaN.
    price: z.pipe(z.unknown().check(z.refine((v) => !Number.isNaN(v), { params: { code: 'NOT_A_NUMBER' } })), putMaxPriceRequestSchema.shape.price),
  }),
);

/** A limit in the field as the locale writes an amount: "0.35", "0,35". */
const typedFromDollars = (price: number, language: string) =>
  price.toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/**
 * Account setting -> API -> Price limits: per service, the most a number bought through the API
 * (SMS-Activate's getNumber, 5sim's buy) may cost when the request names no maxPrice of its own.
 * The saved limits with when each last changed; add or change one (a service of the catalogue and a
 * dollar amount, judged by the server's own schema); remove one after confirming.
 */
export function PriceLimits() {
  const { t, i18n } = useTranslation('account');
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const toast = useToast();
  const lng = i18n.language;
  const { data, error, mutate, save, remove } = useMaxPrices();
  const catalogue = useCatalogServices();
  const [removing, setRemoving] = useState<MaxPriceLimit | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const services = useMemo(() => [...(catalogue.data?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, lng)), [catalogue.data, lng]);
  const nameById = useMemo(() => new Map(services.map((s) => [s.id, s.name])), [services]);
  // A limit of a service since removed from the catalogue stays listed (harmless) until removed.
  const serviceName = (id: number) => nameById.get(id) ?? t('settings.priceLimits.unknownService', { id });
  const limits = data?.data ?? [];
  const rows = [...limits].sort((a, b) => serviceName(a.service_id).localeCompare(serviceName(b.service_id), lng));

  const form = useSchemaForm<Field, PriceLimitForm>({
    schema: formSchema,
    initial: { service_id: '', price: '' },
    idPrefix: 'price-limit',
    onFailure: (caught, placed) => {
      if (!placed) setFailure(caught instanceof ApiError ? serverErrorText(te, caught) : t('settings.priceLimits.saveFailed'));
    },
  });
  const chosen = form.values.service_id === '' ? undefined : limits.find((l) => String(l.service_id) === form.values.service_id);
  const send = form.submit(async ({ service_id, price }) => {
    const saved = await save(service_id, price);
    toast.success(t('settings.priceLimits.saved', { service: serviceName(saved.service_id), price: formatMoney(saved.price, lng) }));
    form.reset();
  });
  const errorOf = (field: Field) => {
    const found = form.errors[field];
    return found ? describeValidation(tv, found) : undefined;
  };

  /** Change: the form takes the row's service and limit, ready to type the new amount. */
  const change = (limit: MaxPriceLimit) => {
    setFailure(null);
    form.reset({ service_id: String(limit.service_id), price: typedFromDollars(limit.price, lng) });
    requestAnimationFrame(() => form.focus('price'));
  };

  async function confirmRemove() {
    if (!removing) return;
    setRemoveBusy(true);
    try {
      await remove(removing.service_id);
      toast.success(t('settings.priceLimits.removed', { service: serviceName(removing.service_id) }));
      setRemoving(null);
    } catch (caught) {
      // Already gone (another tab): the list is fresh again and the limit with it.
      if (caught instanceof ApiError && caught.status === 404) {
        await mutate();
        setRemoving(null);
      } else toast.error(t('settings.priceLimits.removeFailed'));
    } finally {
      setRemoveBusy(false);
    }
  }

  const bound = form.bind('service_id');
  return (
    <Panel title={t('settings.priceLimits.title')}>
      <div className="api-keys price-limits" data-testid="price-limits">
        <p className="api-keys__lead">{t('settings.priceLimits.lead')}</p>

        {data ? (
          <DataTable
            caption={t('settings.priceLimits.title')}
            rows={rows}
            rowKey={(limit) => String(limit.service_id)}
            rowTestId="price-limit"
            empty={<p className="api-keys__empty">{t('settings.priceLimits.empty')}</p>}
            columns={[
              { key: 'service', header: t('settings.priceLimits.service'), cell: (limit) => serviceName(limit.service_id) },
              { key: 'price', header: t('settings.priceLimits.limit'), numeric: true, cell: (limit) => formatMoney(limit.price, lng) },
              {
                key: 'changed',
                header: t('settings.priceLimits.changed'),
                cell: (limit) => (
                  <>
                    {/* A phone shows each limit as a card, the column's name before the time. */}
                    <span className="price-limits__changed-label">{t('settings.priceLimits.changed')}: </span>
                    {formatDateTime(limit.updated_at, lng)}
                  </>
                ),
              },
              {
                key: 'actions',
                header: <span className="visually-hidden">{t('settings.api.actions')}</span>,
                cell: (limit) => (
                  <div className="price-limits__actions">
                    <Button
                      size="sm"
                      onClick={() => change(limit)}
                      aria-label={t('settings.priceLimits.changeNamed', { service: serviceName(limit.service_id) })}
                    >
                      {t('settings.priceLimits.change')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger-outline"
                      onClick={() => setRemoving(limit)}
                      aria-label={t('settings.priceLimits.removeNamed', { service: serviceName(limit.service_id) })}
                    >
                      {t('settings.priceLimits.remove')}
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        ) : error ? (
          <SettingsLoadError text={t('settings.priceLimits.loadError')} onRetry={() => void mutate()} />
        ) : (
          <Loader block />
        )}

        <form
          className="price-limits__form"
          onSubmit={(event) => {
            setFailure(null);
            void send(event);
          }}
          noValidate
          aria-busy={form.busy}
          aria-label={t('settings.priceLimits.formLabel')}
        >
          <div className="price-limits__fields">
            <Select
              id={bound.id}
              name={bound.name}
              value={bound.value}
              onChange={(event) => bound.onChange({ target: { value: event.target.value } })}
              onBlur={bound.onBlur}
              label={t('settings.priceLimits.service')}
              error={errorOf('service_id') ?? (catalogue.error ? t('settings.priceLimits.servicesError') : undefined)}
              disabled={!catalogue.data}
              options={[
                { value: '', label: t('settings.priceLimits.choose'), disabled: true },
                ...services.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
            />
            <FormField
              label={t('settings.priceLimits.amount')}
              error={errorOf('price')}
              hint={
                errorOf('price')
                  ? undefined
                  : chosen
                    ? t('settings.priceLimits.current', { price: formatMoney(chosen.price, lng) })
                    : t('settings.priceLimits.bounds', { min: formatMoney(minMaxPriceDollars, lng), max: formatMoney(maxMaxPriceDollars, lng) })
              }
              inputProps={{ inputMode: 'decimal', autoComplete: 'off', placeholder: typedFromDollars(0.5, lng), ...form.bind('price') }}
            />
          </div>
          <div className="price-limits__submit">
            <Button type="submit" variant="primary" busy={form.busy} disabled={!catalogue.data}>
              {chosen ? t('settings.priceLimits.update') : t('settings.priceLimits.add')}
            </Button>
          </div>
          {failure && (
            <p className="danger__error" role="alert">
              {failure}
            </p>
          )}
        </form>
      </div>

      {removing && (
        <Modal
          title={t('settings.priceLimits.removeTitle', { service: serviceName(removing.service_id) })}
          onClose={() => !removeBusy && setRemoving(null)}
          footer={
            <>
              <Button onClick={() => setRemoving(null)} disabled={removeBusy}>
                {t('settings.api.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirmRemove()} disabled={removeBusy} data-testid="price-limit-remove-confirm">
                {t('settings.priceLimits.remove')}
              </Button>
            </>
          }
        >
          <p>{t('settings.priceLimits.removeText', { service: serviceName(removing.service_id), price: formatMoney(removing.price, lng) })}</p>
        </Modal>
      )}
    </Panel>
  );
}
