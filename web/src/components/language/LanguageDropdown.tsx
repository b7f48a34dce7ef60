import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation, languages, setLanguage, type LanguageCode } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage';
import { ChevronDownIcon, GlobeIcon } from '@/components/icons/Icons';
import { useDismiss } from '@/components/use-dismiss';
import './LanguageDropdown.css';

interface LanguageDropdownProps {
  /** Called with the chosen language's label (the original dropdown emitted it). */
  onChange?: (label: string) => void;
}

function storedChoice(): LanguageCode | null {
  const stored = localStorage.getItem(storageKeys.language);
  return languages.some((l) => l.code === stored) ? (stored as LanguageCode) : null;
}

/** Language picker: 'Select Language' until someone chooses; the choice is stored and switches the UI. */
export function LanguageDropdown({ onChange }: LanguageDropdownProps) {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(storedChoice);
  // A choice made elsewhere (the dashboard's Appearance page) shows here too.
  useEffect(() => setChosen(storedChoice()), [i18n.language]);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Focus goes back to the trigger when the menu closes under it (Escape, a choice).
  const close = () => {
    if (menu.current?.contains(document.activeElement)) trigger.current?.focus();
    setOpen(false);
  };
  useDismiss(root, open, close);

  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLButtonElement>('button');
    (menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ?? items?.[0])?.focus();
  }, [open]);

  const current = languages.find((l) => l.code === chosen);
  const labelOf = (code: LanguageCode) => t(`language.${code}`);

  function choose(code: LanguageCode) {
    setChosen(code);
    close();
    void setLanguage(code);
    onChange?.(languages.find((l) => l.code === code)!.label);
  }

  // Arrow keys move between the options, as in any menu.
  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(index + step + items.length) % items.length]?.focus();
  }

  return (
    <div className="lang" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="lang__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${t('language.label')}: ${current ? labelOf(current.code) : t('language.select')}`}
        onClick={() => setOpen((value) => !value)}
      >
        {current ? <img className="lang__flag" src={current.flag} alt="" width={20} height={15} /> : <GlobeIcon size={18} />}
        <span className="lang__text">{current ? labelOf(current.code) : t('language.select')}</span>
        <ChevronDownIcon size={16} className={`lang__chevron${open ? ' lang__chevron--open' : ''}`} />
      </button>
      {open && (
        <ul ref={menu} className="lang__menu" role="menu" aria-label={t('language.label')} onKeyDown={onMenuKeyDown}>
          {languages.map((language) => (
            <li key={language.code} role="none">
              <button type="button" role="menuitemradio" aria-checked={language.code === chosen} className="lang__option" onClick={() => choose(language.code)}>
                <img className="lang__flag" src={language.flag} alt="" width={20} height={15} />
                {labelOf(language.code)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
