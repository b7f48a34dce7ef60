import type { ReactNode } from 'react';

interface ChoiceCardProps {
  name: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  hint?: string;
  /** A picture of the choice (theme swatch, flag). */
  children?: ReactNode;
}

/** A radio button drawn as a card. */
export function ChoiceCard({ name, checked, onSelect, label, hint, children }: ChoiceCardProps) {
  return (
    <label className={`choice${checked ? ' choice--checked' : ''}`}>
      <input type="radio" className="choice__input" name={name} checked={checked} onChange={onSelect} />
      {children}
      <span className="choice__text">
        <span className="choice__label">{label}</span>
        {hint && <span className="choice__hint">{hint}</span>}
      </span>
      <span className="choice__mark" aria-hidden="true" />
    </label>
  );
}
