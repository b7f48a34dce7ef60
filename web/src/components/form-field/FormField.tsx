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
  const controlProps = {
    ...inputProps,
    id,
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByOf(id, error, hint),
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea {...controlProps} /> : <input {...controlProps} />}
      <FieldMeta id={id} error={error} hint={hint} />
    </div>
  );
}

/** The ids a control is described by: its error and its hint, when shown. */
export const describedByOf = (id: string, error?: string, hint?: string) =>
  [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;

/** The line under a field's control: its error (left) and its hint (right), with the ids describedByOf names. */
export function FieldMeta({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <div className="field__meta">
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        <span />
      )}
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}
