import type { OpsCatalogueReply, OpsCountry } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { ActionResult } from './ActionResult';
import { AddForm } from './AddForm';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { Panel } from '@/components/panel/Panel';
import { useTranslation } from '@/lib/i18n';
import { addCountry, updateCountry } from '@/features/ops-catalogue/api/save-country';
import { useProblem } from './use-problem';
import { Button } from '@/components/button/Button';

type Catalogue = OpsCatalogueReply['data'];

/** Countries: enable or disable one (out of every public list), add one. */
export function CountriesPanel({ catalogue, onChanged }: { catalogue: Catalogue; onChanged: () => void }) {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const problem = useProblem();
  const [form, setForm] = useState({ name: '', iso: '', dial_code: '' });
  const [state, setState] = useState<{ busy?: boolean; ok?: string; error?: string }>({});
  const act = async (work: () => Promise<unknown>, ok: string) => {
    setState({ busy: true });
    try {
      await work();
      setState({ ok });
      onChanged();
    } catch (error) {
      setState({ error: problem(error) });
    }
  };
  const toggle = (c: OpsCountry) =>
    act(
      () => updateCountry(c.id, { enabled: !c.enabled }),
      t(c.enabled ? 'countries.disabledDone' : 'countries.enabledDone', { name: c.name, seconds: catalogue.cache_seconds }),
    );
  const columns: Column<OpsCountry>[] = [
    { key: 'name', header: t('countries.name'), cell: (c) => c.name },
    { key: 'iso', header: t('countries.iso'), cell: (c) => <code>{c.iso.toUpperCase()}</code> },
    { key: 'dial', header: t('countries.dialCode'), cell: (c) => `+${c.dial_code}` },
    { key: 'offers', header: t('countries.offers'), numeric: true, cell: (c) => c.offers },
    { key: 'private', header: t('countries.private'), cell: (c) => (c.private_offer ? t('yes') : t('no')) },
    { key: 'status', header: t('countries.status'), cell: (c) => (c.enabled ? t('countries.enabled') : <strong>{t('countries.disabled')}</strong>) },
    {
      key: 'action',
      header: <span className="visually-hidden">{t('offers.actions')}</span>,
      cell: (c) => (
        <Button size="sm" variant={c.enabled ? 'secondary' : 'primary'} disabled={state.busy} onClick={() => void toggle(c)}>
          {c.enabled ? t('countries.disable') : t('countries.enable')}
        </Button>
      ),
    },
  ];
  return (
    <Panel title={t('countries.title')}>
      <DataTable caption={t('countries.title')} columns={columns} rows={catalogue.countries} rowKey={(c) => String(c.id)} testId="countries-table" />
      <AddForm
        idPrefix="country"
        title={t('countries.add')}
        fields={(['name', 'iso', 'dial_code'] as const).map((name) => ({ name, label: t(`countries.${name === 'dial_code' ? 'dialCode' : name}`) }))}
        values={form}
        onChange={setForm}
        submitLabel={t('countries.addButton')}
        busy={Boolean(state.busy)}
        onSubmit={() => void act(() => addCountry(form), t('countries.added', { name: form.name })).then(() => setForm({ name: '', iso: '', dial_code: '' }))}
      />
      <ActionResult ok={state.ok} error={state.error} />
    </Panel>
  );
}
