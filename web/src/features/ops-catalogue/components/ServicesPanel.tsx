import type { OpsCatalogueReply, OpsService, ServicePatch } from '@numbernest/contracts/ops';
import { useState } from 'react';
import { ActionResult } from './ActionResult';
import { AddForm } from './AddForm';
import { Panel } from '@/components/panel/Panel';
import { EditGrid } from './EditGrid';
import { useTranslation } from '@/lib/i18n';
import { addService, updateService } from '@/features/ops-catalogue/api/save-service';
import { useProblem } from './use-problem';
import { Button } from '@/components/button/Button';

type Catalogue = OpsCatalogueReply['data'];
const fields = ['name', 'slug', 'code', 'from', 'body'] as const;
type Field = (typeof fields)[number];

const valuesOf = (s: OpsService): Record<Field, string> => ({
  name: s.name,
  slug: s.slug,
  code: s.code ?? '',
  from: s.patterns?.from ?? '',
  body: s.patterns?.body ?? '',
});

/** Only what changed: the routing fields go as setServiceRouting takes them (code null: none; both patterns or neither). */
function patchOf(before: Record<Field, string>, after: Record<Field, string>): ServicePatch {
  const patch: ServicePatch = {};
  if (after.name !== before.name) patch.name = after.name;
  if (after.slug !== before.slug) patch.slug = after.slug;
  if (after.code !== before.code) patch.code = after.code.trim() === '' ? null : after.code.trim();
  if (after.from !== before.from || after.body !== before.body) patch.patterns = { from: after.from, body: after.body };
  return patch;
}

/** One service: name, slug, SMS-Activate code and SMS patterns edited in place. */
function ServiceRow({ service, cacheSeconds, onSaved }: { service: OpsService; cacheSeconds: number; onSaved: () => void }) {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const problem = useProblem();
  const [values, setValues] = useState(() => valuesOf(service));
  const [state, setState] = useState<{ saving?: boolean; ok?: string; error?: string }>({});
  const patch = patchOf(valuesOf(service), values);
  const save = async () => {
    setState({ saving: true });
    try {
      await updateService(service.id, patch);
      setState({ ok: t('offers.saved', { seconds: cacheSeconds }) });
      onSaved();
    } catch (error) {
      setState({ error: problem(error) });
    }
  };
  return (
    <tr>
      <td className="data-table__num">{service.id}</td>
      {fields.map((field) => (
        <td key={field}>
          <input
            className={`field__control catalogue__text catalogue__text--${field}`}
            aria-label={`${service.name}: ${t(`services.${field}`)}`}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
        </td>
      ))}
      <td>
        <Button variant="primary" size="sm" disabled={state.saving || Object.keys(patch).length === 0} onClick={() => void save()}>
          {t('ops:common.save')}
        </Button>
      </td>
      <ActionResult cell ok={state.ok} error={state.error} />
    </tr>
  );
}

/** Services with their routing (what SMS reach their renters, what the SMS-Activate protocol calls them); add one. */
export function ServicesPanel({ catalogue, onChanged }: { catalogue: Catalogue; onChanged: () => void }) {
  const { t } = useTranslation(['ops-catalogue', 'ops']);
  const problem = useProblem();
  const [form, setForm] = useState({ name: '', slug: '' });
  const [state, setState] = useState<{ busy?: boolean; ok?: string; error?: string }>({});
  const add = async () => {
    setState({ busy: true });
    try {
      await addService(form);
      setState({ ok: t('services.added', { name: form.name }) });
      setForm({ name: '', slug: '' });
      onChanged();
    } catch (error) {
      setState({ error: problem(error) });
    }
  };
  return (
    <Panel title={t('services.title')}>
      <p className="catalogue__hint">{t('services.intro')}</p>
      <EditGrid caption={t('services.title')} testId="services-table" headers={[t('services.id'), ...fields.map((field) => t(`services.${field}`))]}>
        {catalogue.services.map((s) => (
          <ServiceRow key={s.id} service={s} cacheSeconds={catalogue.cache_seconds} onSaved={onChanged} />
        ))}
      </EditGrid>
      <AddForm
        idPrefix="service"
        title={t('services.add')}
        fields={(['name', 'slug'] as const).map((name) => ({ name, label: t(`services.${name}`) }))}
        values={form}
        onChange={setForm}
        submitLabel={t('services.addButton')}
        busy={Boolean(state.busy)}
        onSubmit={() => void add()}
      />
      <ActionResult ok={state.ok} error={state.error} />
    </Panel>
  );
}
