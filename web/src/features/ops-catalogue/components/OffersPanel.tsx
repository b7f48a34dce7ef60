import type { OpsCatalogueReply, OpsOffer, OpsService } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { ActionResult } from './ActionResult';
import { Loader } from '@/components/loader/Loader';
import { Panel } from '@/components/panel/Panel';
import { EditGrid } from './EditGrid';
import { useTranslation } from '@/lib/i18n';
import { saveOffer } from '@/features/ops-catalogue/api/save-offer';
import { useOffers } from '@/features/ops-catalogue/api/use-offers';
import { dollarsOrNull, inputDollars, useProblem } from './use-problem';
import { Button } from '@/components/button/Button';

type Catalogue = OpsCatalogueReply['data'];
const fields = ['price_per_day', 'discount_1', 'discount_2', 'discount_3', 'temporary_price'] as const;
type Field = (typeof fields)[number];

/** One service's offer in the chosen country: its prices edited in place, saved on their own. */
function OfferRow({
  countryId,
  service,
  offer,
  cacheSeconds,
  onSaved,
}: {
  countryId: number;
  service: OpsService;
  offer?: OpsOffer;
  cacheSeconds: number;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const problem = useProblem();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    price_per_day: inputDollars(offer?.price_per_day),
    discount_1: inputDollars(offer?.discount_1 ?? (offer ? 0 : null)),
    discount_2: inputDollars(offer?.discount_2 ?? (offer ? 0 : null)),
    discount_3: inputDollars(offer?.discount_3 ?? (offer ? 0 : null)),
    temporary_price: inputDollars(offer?.temporary_price),
  }));
  const [state, setState] = useState<{ saving?: boolean; ok?: string; error?: string }>({});
  const save = async () => {
    setState({ saving: true });
    try {
      await saveOffer(countryId, service.id, {
        price_per_day: Number(values.price_per_day.replace(',', '.')),
        discount_1: dollarsOrNull(values.discount_1) ?? 0,
        discount_2: dollarsOrNull(values.discount_2) ?? 0,
        discount_3: dollarsOrNull(values.discount_3) ?? 0,
        temporary_price: dollarsOrNull(values.temporary_price),
      });
      setState({ ok: t('offers.saved', { seconds: cacheSeconds }) });
      onSaved();
    } catch (error) {
      setState({ error: problem(error) });
    }
  };
  return (
    <tr className={offer ? undefined : 'catalogue__absent'}>
      <th scope="row">
        {service.name}
        {!offer && <span className="catalogue__note">{t('offers.notOffered')}</span>}
      </th>
      {fields.map((field) => (
        <td key={field}>
          <input
            className="field__control catalogue__money"
            inputMode="decimal"
            aria-label={`${service.name}: ${t(`offers.${field}`)}`}
            placeholder={field === 'temporary_price' ? t('offers.none') : undefined}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
        </td>
      ))}
      <td>
        <Button variant="primary" size="sm" disabled={state.saving || values.price_per_day.trim() === ''} onClick={() => void save()}>
          {offer ? t('ops:common.save') : t('offers.add')}
        </Button>
      </td>
      <ActionResult cell ok={state.ok} error={state.error} />
    </tr>
  );
}

/** The offers grid of one country: every service, offered or not; a save per row. */
export function OffersPanel({ catalogue, onChanged }: { catalogue: Catalogue; onChanged: () => void }) {
  const { t } = useTranslation('ops-catalogue');
  const [countryId, setCountryId] = useState<number | null>(catalogue.countries[0]?.id ?? null);
  const { data, isLoading, mutate } = useOffers(countryId);
  const offers = data?.data ?? [];
  const services = catalogue.services; // by name: a row stays in place when its offer is added
  return (
    <Panel title={t('offers.title')}>
      <div className="field catalogue__picker">
        <label className="field__label" htmlFor="catalogue-country">
          {t('offers.country')}
        </label>
        <select id="catalogue-country" className="field__control" value={countryId ?? ''} onChange={(e) => setCountryId(Number(e.target.value))}>
          {catalogue.countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.iso.toUpperCase()}){c.enabled ? '' : ` — ${t('countries.disabled')}`}
            </option>
          ))}
        </select>
      </div>
      <p className="catalogue__hint">{t('cacheNote', { seconds: catalogue.cache_seconds })}</p>
      {isLoading || countryId === null ? (
        <Loader block />
      ) : (
        <EditGrid caption={t('offers.title')} testId="offers-grid" headers={[t('offers.service'), ...fields.map((field) => t(`offers.${field}`))]}>
          {services.map((service) => (
            <OfferRow
              key={`${countryId}-${service.id}-${data ? 'loaded' : ''}`}
              countryId={countryId}
              service={service}
              offer={offers.find((o) => o.service_id === service.id)}
              cacheSeconds={catalogue.cache_seconds}
              onSaved={() => {
                void mutate();
                onChanged();
              }}
            />
          ))}
        </EditGrid>
      )}
    </Panel>
  );
}
