import type { ReactNode, SelectHTMLAttributes } from 'react';
import '@/components/form-field/field.css';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** The message under the control; marks it invalid. */
  error?: string;
  hint?: string;
  /** The label read by screen readers only (a compact toolbar shows the choice, not its name). */
  hideLabel?: boolean;
}

/** A labelled choice from a short list, with its error in place, styled like the other fields. */
export function Select({ id, label, options, error, hint, hideLabel, className, ...selectProps }: SelectProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select {...selectProps} id={id} className="field__control" aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error || hint ? (
        <div className="field__meta">
          {error ? (
            <p className="field__error" id={errorId}>
              {error}
            </p>
          ) : (
            <span />
          )}
          {hint && (
            <span className="field__hint" id={hintId}>
              {hint}
            </span>
          )}
        </div>
      ) : null}
    </div>
  );
}
