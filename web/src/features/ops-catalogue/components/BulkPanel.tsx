import type { BulkChange, OpsCatalogueReply } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { ActionResult } from './ActionResult';
import { Panel } from '@/components/panel/Panel';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { bulkPrices } from '@/features/ops-catalogue/api/bulk-prices';
import { useProblem } from './use-problem';
import { Button } from '@/components/button/Button';

type Catalogue = OpsCatalogueReply['data'];
/** How many offers the preview shows (the reply has them all). */
const previewRows = 6;

const priceText = (o: BulkChange['before']) => `${usd(o.price_per_day)}${o.temporary_price === null ? '' : ` · ${usd(o.temporary_price)}`}`;

/** Every offer of a country or a service by a percent: preview old -> new, then apply. */
export function BulkPanel({ catalogue, onChanged }: { catalogue: Catalogue; onChanged: () => void }) {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const problem = useProblem();
  const [scope, setScope] = useState<'country' | 'service'>('country');
  const [targetId, setTargetId] = useState<number>(catalogue.countries[0]?.id ?? 0);
  const [percent, setPercent] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<BulkChange[] | null>(null);
  const [state, setState] = useState<{ busy?: boolean; ok?: string; error?: string }>({});
  const targets = scope === 'country' ? catalogue.countries : catalogue.services;
  const request = (previewOnly: boolean) => ({
    ...(scope === 'country' ? { country_id: targetId } : { service_id: targetId }),
    percent: Number(percent.replace(',', '.')),
    ...(reason.trim() ? { reason: reason.trim() } : {}),
    preview: previewOnly,
  });
  const run = async (previewOnly: boolean) => {
    setState({ busy: true });
    try {
      const { data } = await bulkPrices(request(previewOnly));
      setPreview(previewOnly ? data.changes : null);
      setState(previewOnly ? {} : { ok: t('bulk.applied', { count: data.changes.length, seconds: catalogue.cache_seconds }) });
      if (!previewOnly) onChanged();
    } catch (error) {
      setPreview(null);
      setState({ error: problem(error, ['percent', 'country_id', 'service_id']) });
    }
  };
  const changed = () => {
    setPreview(null);
    setState({});
  };
  return (
    <Panel title={t('bulk.title')}>
      <p className="catalogue__hint">{t('bulk.intro')}</p>
      <form
        className="catalogue__form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(true);
        }}
      >
        <fieldset className="catalogue__scope">
          <legend className="field__label">{t('bulk.scope')}</legend>
          {(['country', 'service'] as const).map((s) => (
            <label key={s}>
              <input
                type="radio"
                name="bulk-scope"
                checked={scope === s}
                onChange={() => {
                  setScope(s);
                  setTargetId((s === 'country' ? catalogue.countries : catalogue.services)[0]?.id ?? 0);
                  changed();
                }}
              />{' '}
              {t(`bulk.${s}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="bulk-target">
            {t(`bulk.${scope}`)}
          </label>
          <select
            id="bulk-target"
            className="field__control"
            value={targetId}
            onChange={(e) => {
              setTargetId(Number(e.target.value));
              changed();
            }}
          >
            {targets.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="bulk-percent">
            {t('bulk.percent')}
          </label>
          <input
            id="bulk-percent"
            className="field__control"
            inputMode="decimal"
            placeholder="-10"
            value={percent}
            onChange={(e) => {
              setPercent(e.target.value);
              changed();
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="bulk-reason">
            {t('ops:common.reason')}
          </label>
          <input id="bulk-reason" className="field__control" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </div>
        <div className="catalogue__actions">
          <Button type="submit" disabled={state.busy || percent.trim() === ''}>
            {t('bulk.preview')}
          </Button>
          <Button variant="primary" disabled={state.busy || !preview} onClick={() => void run(false)}>
            {t('bulk.apply', { count: preview?.length ?? 0 })}
          </Button>
        </div>
      </form>
      <p className="catalogue__hint">{t('cacheNote', { seconds: catalogue.cache_seconds })}</p>
      <ActionResult ok={state.ok} error={state.error} />
      {preview && (
        <div className="data-table" data-testid="bulk-preview">
          <table>
            <caption className="catalogue__caption">{t('bulk.previewCaption', { count: preview.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{scope === 'country' ? t('bulk.service') : t('bulk.country')}</th>
                <th scope="col">{t('bulk.before')}</th>
                <th scope="col">{t('bulk.after')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.slice(0, previewRows).map((c) => (
                <tr key={`${c.before.country_id}-${c.before.service_id}`}>
                  <th scope="row">
                    {scope === 'country' ? c.before.name : (catalogue.countries.find((x) => x.id === c.before.country_id)?.name ?? c.before.country_id)}
                  </th>
                  <td className="data-table__num">{priceText(c.before)}</td>
                  <td className="data-table__num">{priceText(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.length > previewRows && <p className="catalogue__hint">{t('bulk.more', { count: preview.length - previewRows })}</p>}
        </div>
      )}
    </Panel>
  );
}
