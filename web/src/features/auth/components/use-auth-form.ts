import { useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { fieldErrorsFromZod, type ValidationMessage } from '@/lib/validation';
import { authErrorKey, fieldOfError, type AuthErrorKey, type AuthStep } from '@/features/auth/errors';

/** A field's message: from the shared catalogue (lib/validation), or a Cognito answer (auth namespace). */
export type FieldMessage = ValidationMessage | { authKey: AuthErrorKey };

/** The props that tie one input to the form. */
export interface BoundInput {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/**
 * State of one account form: values, per-field messages (shown once the visitor left a filled
 * field or tried to send, then following their typing), the form's alert, and the busy flag
 * that disables the submit button. Cognito failures land next to their field or in the alert.
 */
export function useAuthForm<Field extends string, Out>(options: {
  schema: z.ZodMiniType<Out>;
  initial: Record<Field, string>;
  step: AuthStep;
  /** The form's id prefix, so the first field in trouble can be focused. */
  idPrefix: string;
}) {
  const { schema, initial, step, idPrefix } = options;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldMessage>>>({});
  const [alert, setAlert] = useState<AuthErrorKey | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const validate = (next: Record<Field, string>): { data: Out | null; found: Partial<Record<Field, FieldMessage>> } => {
    const result = schema.safeParse(next);
    return result.success ? { data: result.data, found: {} } : { data: null, found: fieldErrorsFromZod<Field>(result.error, next) };
  };

  const focus = (field: Field) => document.getElementById(`${idPrefix}-${field}`)?.focus();

  const setValue = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).found);
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Blur: judge a field the visitor filled in; don't scold one they only passed through. */
  const check = (field: Field) => {
    if (!submitted && !values[field]) return;
    setErrors((current) => ({ ...current, [field]: validate(values).found[field] }));
  };

  /** Judges one field now (e.g. the e-mail before "Send a new code"); true when it is fine. */
  const checkNow = (field: Field) => {
    const found = validate(values).found[field];
    setErrors((current) => ({ ...current, [field]: found }));
    if (found) focus(field);
    return !found;
  };

  /**
   * Shows a Cognito failure where it belongs; returns its key for pages that react to it. `during`:
   * another call the form makes than its own step's (a new code sent from it).
   */
  const fail = (error: unknown, during: AuthStep = step): AuthErrorKey => {
    const key = authErrorKey(error, during);
    const field = fieldOfError(key) as Field | undefined;
    if (field && field in values) {
      setErrors((current) => ({ ...current, [field]: { authKey: key } }));
      focus(field);
    } else {
      setAlert(key);
    }
    return key;
  };

  const submit = (action: (data: Out) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setAlert(null);
    const { data, found } = validate(values);
    setErrors(found);
    if (data === null) {
      const first = (Object.keys(values) as Field[]).find((field) => found[field]);
      if (first) focus(first);
      return;
    }
    setBusy(true);
    try {
      await action(data);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  /** Props for one input. */
  const bind = (field: Field): BoundInput => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValue(field, event.target.value),
    onBlur: () => check(field),
  });

  return { values, setValue, errors, alert, setAlert, busy, submit, bind, fail, checkNow };
}
