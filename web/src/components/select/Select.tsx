import type { ReactNode, SelectHTMLAttributes } from 'react';
import { describedByOf, FieldMeta } from '@/components/form-field/FormField';

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
  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select {...selectProps} id={id} className="field__control" aria-invalid={error ? true : undefined} aria-describedby={describedByOf(id, error, hint)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error || hint ? <FieldMeta id={id} error={error} hint={hint} /> : null}
    </div>
  );
}
