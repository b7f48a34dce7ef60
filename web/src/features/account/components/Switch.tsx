import { useId } from 'react';

interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off setting: a checkbox with the switch role, its label and a line of explanation. */
export function Switch({ label, description, checked, onChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="setting">
      <div className="setting__text">
        <label className="setting__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p className="setting__description" id={`${id}-description`}>
            {description}
          </p>
        )}
      </div>
      <span className="switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
      </span>
    </div>
  );
}
