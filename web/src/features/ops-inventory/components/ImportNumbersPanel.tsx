import { type Country } from '@numbernest/contracts';
import { maxImportRows, type ImportNumbersReply } from '@numbernest/contracts/ops';
import { useId, useMemo, useState } from 'react';
import { Panel } from '@/components/panel/Panel';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { importNumbers } from '@/features/ops-inventory/api/import-numbers';
import { parseNumbersCsv } from '@/features/ops-inventory/csv';
import { Button } from '@/components/button/Button';

interface Props {
  /** The catalogue's countries, whose ids the CSV names. */
  countries: readonly Country[];
  onClose: () => void;
  /** After an import that created numbers: the list reloads. */
  onImported: () => void;
}

/** Paste or upload `e164,country_id,type,source` lines, see how many are ready, add them, see what came of each. */
export function ImportNumbersPanel({ countries, onClose, onImported }: Props) {
  const { t } = useTranslation(['ops-inventory', 'ops', 'errors']);
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<ImportNumbersReply['data']>();
  const parsed = useMemo(() => parseNumbersCsv(text), [text]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setResult(undefined);
    setText(await file.text());
  };

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const data = await importNumbers(parsed.rows);
      setResult(data);
      if (data.created > 0) {
        setText('');
        onImported();
      }
    } catch (caught) {
      setError(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title={t('import.title')}
      className="ops-numbers__import"
      action={
        <Button variant="ghost" onClick={onClose}>
          {t('import.close')}
        </Button>
      }
    >
      <p className="ops-numbers__hint">{t('import.intro', { max: maxImportRows })}</p>
      {countries.length > 0 && (
        <details className="ops-numbers__countries">
          <summary>{t('import.countryIds')}</summary>
          <ul className="ops-numbers__list">
            {countries.map((c) => (
              <li key={c.id}>
                <code>{c.id}</code> {c.name}
              </li>
            ))}
          </ul>
        </details>
      )}
      <form
        className="ops-numbers__import-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-csv`}>
            {t('import.paste')}
          </label>
          <textarea
            id={`${id}-csv`}
            className="field__control ops-numbers__csv"
            rows={8}
            spellCheck={false}
            placeholder={'e164,country_id,type,source\n+447700900123,44,1,twilio'}
            value={text}
            onChange={(event) => {
              setResult(undefined);
              setText(event.target.value);
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-file`}>
            {t('import.file')}
          </label>
          <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void readFile(event.target.files?.[0])} />
        </div>
        <div aria-live="polite" className="ops-numbers__preview">
          {parsed.rows.length > 0 && <p>{t('import.preview', { count: parsed.rows.length })}</p>}
          {parsed.tooMany && <p className="ops-numbers__warn">{t('import.tooMany', { max: maxImportRows })}</p>}
          {parsed.problems.length > 0 && (
            <>
              <p className="ops-numbers__warn">{t('import.unreadable', { count: parsed.problems.length })}</p>
              <ul className="ops-numbers__list">
                {parsed.problems.slice(0, 20).map((p) => (
                  <li key={p.line}>
                    {t(`import.problems.${p.problem}`, { line: p.line })}: <code>{p.text}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        {error && (
          <p className="ops-numbers__warn" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={busy || parsed.rows.length === 0 || parsed.tooMany}>
          {busy ? t('import.submitting') : t('import.submit')}
        </Button>
      </form>
      {result && (
        <div className="ops-numbers__result" role="status" data-testid="import-result">
          <p>
            <strong>{t('import.created', { count: result.created })}</strong>
          </p>
          {result.skipped.length > 0 && (
            <>
              <p>{t('import.skipped', { count: result.skipped.length })}</p>
              <ul className="ops-numbers__list">
                {result.skipped.map((s, i) => (
                  <li key={`${s.e164}-${i}`}>
                    <code>{s.e164}</code> — {t(`import.reasons.${s.reason}`)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Panel>
  );
}
