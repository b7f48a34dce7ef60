import type { OpsCatalogueReply, OpsPrivateOffer } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { ActionResult } from './ActionResult';
import { Panel } from '@/components/panel/Panel';
import { EditGrid } from './EditGrid';
import { useTranslation } from '@/lib/i18n';
import { removePrivateOffer, savePrivateOffer } from '@/features/ops-catalogue/api/save-private-offer';
import { dollarsOrNull, inputDollars, useProblem } from './use-problem';
import { Button } from '@/components/button/Button';

type Catalogue = OpsCatalogueReply['data'];
const fields = ['price_per_day', 'discount_1', 'discount_2', 'discount_3'] as const;
type Field = (typeof fields)[number];

/** One country's Private prices, edited in place (or set for the first time); removed to stop selling Private there. */
function PrivateRow({
  name,
  countryId,
  offer,
  cacheSeconds,
  onSaved,
}: {
  name: string;
  countryId: number;
  offer?: OpsPrivateOffer;
  cacheSeconds: number;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const problem = useProblem();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    price_per_day: inputDollars(offer?.price_per_day),
    discount_1: inputDollars(offer?.discount_1),
    discount_2: inputDollars(offer?.discount_2),
    discount_3: inputDollars(offer?.discount_3),
  }));
  const [state, setState] = useState<{ saving?: boolean; ok?: string; error?: string }>({});
  const run = async (work: () => Promise<unknown>) => {
    setState({ saving: true });
    try {
      await work();
      setState({ ok: t('offers.saved', { seconds: cacheSeconds }) });
      onSaved();
    } catch (error) {
      setState({ error: problem(error) });
    }
  };
  const save = () =>
    run(() =>
      savePrivateOffer(countryId, {
        price_per_day: Number(values.price_per_day.replace(',', '.')),
        discount_1: dollarsOrNull(values.discount_1) ?? 0,
        discount_2: dollarsOrNull(values.discount_2) ?? 0,
        discount_3: dollarsOrNull(values.discount_3) ?? 0,
      }),
    );
  return (
    <tr className={offer ? undefined : 'catalogue__absent'}>
      <th scope="row">{name}</th>
      {fields.map((field) => (
        <td key={field}>
          <input
            className="field__control catalogue__money"
            inputMode="decimal"
            aria-label={`${name}: ${t(`offers.${field}`)}`}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
        </td>
      ))}
      <td className="catalogue__buttons">
        <Button variant="primary" size="sm" disabled={state.saving || values.price_per_day.trim() === ''} onClick={() => void save()}>
          {offer ? t('ops:common.save') : t('offers.add')}
        </Button>
        {offer && (
          <Button size="sm" disabled={state.saving} onClick={() => void run(() => removePrivateOffer(countryId))}>
            {t('private.remove')}
          </Button>
        )}
      </td>
      <ActionResult cell ok={state.ok} error={state.error} />
    </tr>
  );
}

/** Private offers per country: the countries that sell Private numbers, then one more to add. */
export function PrivateOffersPanel({ catalogue, onChanged }: { catalogue: Catalogue; onChanged: () => void }) {
  const { t } = useTranslation('ops-catalogue');
  const without = catalogue.countries.filter((c) => !c.private_offer);
  const [adding, setAdding] = useState<number | null>(null);
  const rows = catalogue.countries.filter((c) => c.private_offer || c.id === adding);
  return (
    <Panel title={t('private.title')}>
      <p className="catalogue__hint">{t('private.intro')}</p>
      <EditGrid caption={t('private.title')} testId="private-offers" headers={[t('offers.country'), ...fields.map((field) => t(`offers.${field}`))]}>
        {rows.map((c) => (
          <PrivateRow
            key={c.id}
            name={c.name}
            countryId={c.id}
            offer={catalogue.private_offers.find((p) => p.country_id === c.id)}
            cacheSeconds={catalogue.cache_seconds}
            onSaved={onChanged}
          />
        ))}
      </EditGrid>
      {without.length > 0 && (
        <div className="field catalogue__picker">
          <label className="field__label" htmlFor="private-add">
            {t('private.add')}
          </label>
          <select id="private-add" className="field__control" value={adding ?? ''} onChange={(e) => setAdding(e.target.value ? Number(e.target.value) : null)}>
            <option value="">—</option>
            {without.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </Panel>
  );
}
