import { NumberType } from '@numbernest/contracts';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

export const pickerTabs = [NumberType.Shared, NumberType.Private, NumberType.Temporary] as const satisfies readonly NumberType[];

export const tabId = (type: NumberType) => `picker-tab-${type}`;
export const panelId = 'picker-panel';

/** Shared / Private / Temporary, as an ARIA tab list (arrow keys move between tabs). */
export function PickerTabs({ active, onChange }: { active: NumberType; onChange: (type: NumberType) => void }) {
  const { t } = useTranslation('picker');
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    const step = moves[event.key];
    if (!step) return;
    event.preventDefault();
    const next = pickerTabs[(pickerTabs.indexOf(active) + step + pickerTabs.length) % pickerTabs.length]!;
    onChange(next);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus();
  }

  return (
    <div ref={list} className="picker-tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
      {pickerTabs.map((type) => (
        <button
          key={type}
          id={tabId(type)}
          type="button"
          role="tab"
          className="picker-tabs__tab"
          aria-selected={type === active}
          aria-controls={panelId}
          tabIndex={type === active ? 0 : -1}
          onClick={() => onChange(type)}
        >
          {t(`tabs.${type}`)}
        </button>
      ))}
    </div>
  );
}
