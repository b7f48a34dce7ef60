import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import './field.css';

interface FormFieldProps {
  /** The control's id; a bound input (lib/form) brings its own in `inputProps`. */
  id?: string;
  label: string;
  /** The message under the field; marks the control invalid. */
  error?: string;
  /** Extra line under the control, e.g. a character counter. */
  hint?: string;
  multiline?: boolean;
  inputProps: InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>;
}

/** A labelled input or textarea with its error in place, wired up for screen readers. */
export function FormField({ id: givenId, label, error, hint, multiline, inputProps }: FormFieldProps) {
  const id = givenId ?? inputProps.id ?? '';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  const controlProps = {
    ...inputProps,
    id,
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea {...controlProps} /> : <input {...controlProps} />}
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
    </div>
  );
}
