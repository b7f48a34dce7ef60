import { useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromServer, fieldErrorsFromZod, type ValidationMessage } from '@/lib/validation';

/** The props that tie one input to the form (spread into an input, or FormField's inputProps). */
export interface BoundInput {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

export interface SchemaFormOptions<Field extends string, Out> {
  /** The request's own schema from the contracts: the browser judges a form as the server will. */
  schema: z.ZodMiniType<Out>;
  initial: Record<Field, string>;
  /** The form's id prefix: input ids are `<prefix>-<field>`, so the first field in trouble can be focused. */
  idPrefix: string;
  /** Shapes what is typed before it is stored (e.g. digits only for a code). */
  normalize?: Partial<Record<Field, (value: string) => string>>;
  /** A failed `action` (see `submit`); `placed`: its field errors are shown next to their fields already. */
  onFailure?: (error: unknown, placed: boolean) => void;
}

/**
 * A form judged by the server's own zod schema: values, one message per field (shown once the person
 * left a filled field or tried to send, then following their typing), the busy flag that disables
 * the submit button, and the server's field errors (a 400's `fields`) placed next to their fields.
 * Messages are catalogue keys (lib/validation), so they show in the visitor's language, whichever
 * side found them. `Extra` widens the messages a form may place itself (e.g. a Cognito answer).
 */
export function useSchemaForm<Field extends string, Out, Extra = never>(options: SchemaFormOptions<Field, Out>) {
  const { schema, initial, idPrefix, normalize, onFailure } = options;
  type Message = ValidationMessage | Extra;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, Message>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // Fields whose message is the server's (a refused URL, a taken name): the browser cannot judge that
  // again, so leaving the field keeps it; typing in the field is what clears it.
  const serverJudged = useRef(new Set<Field>());

  const validate = (next: Record<Field, string>): { data: Out | null; found: Partial<Record<Field, Message>> } => {
    const result = schema.safeParse(next);
    return result.success ? { data: result.data, found: {} } : { data: null, found: fieldErrorsFromZod<Field>(result.error, next) };
  };

  const idOf = (field: Field) => `${idPrefix}-${field}`;
  const focus = (field: Field) => document.getElementById(idOf(field))?.focus();
  const fields = Object.keys(initial) as Field[];

  /** Shows these messages and focuses the first field in trouble. */
  const showErrors = (found: Partial<Record<Field, Message>>) => {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) focus(first);
  };

  /** One field's message, placed by the form itself (e.g. what the server said about it). */
  const setError = (field: Field, message: Message | undefined) => {
    setErrors((current) => ({ ...current, [field]: message }));
    if (message) focus(field);
  };

  const setValue = (field: Field, raw: string) => {
    serverJudged.current.delete(field);
    const value = normalize?.[field]?.(raw) ?? raw;
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted)
      setErrors((current) => {
        const found = validate(next).found;
        for (const judged of serverJudged.current) if (current[judged]) found[judged] = current[judged];
        return found;
      });
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Blur: judge a field the person filled in; don't scold one they only passed through. */
  const check = (field: Field) => {
    if ((!submitted && !values[field]) || serverJudged.current.has(field)) return;
    setErrors((current) => ({ ...current, [field]: validate(values).found[field] }));
  };

  /** Judges one field now (e.g. the e-mail before "Send a new code"); true when it is fine. */
  const checkNow = (field: Field) => {
    const found = validate(values).found[field];
    setError(field, found);
    return !found;
  };

  /** Puts a 400's field errors next to their fields; true when the reply named any of this form's fields. */
  const placeServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const fromServer = fieldErrorsFromServer<Field>(error.body);
    const found: Partial<Record<Field, Message>> = {};
    for (const field of fields) if (fromServer[field]) found[field] = fromServer[field];
    if (!Object.keys(found).length) return false;
    serverJudged.current = new Set(Object.keys(found) as Field[]);
    showErrors(found);
    return true;
  };

  /** Back to the initial values (or these), no messages: after a successful send. */
  const reset = (next: Record<Field, string> = initial) => {
    setValues(next);
    setErrors({});
    serverJudged.current.clear();
    setSubmitted(false);
  };

  /**
   * The submit handler: judges the form, then runs `action` with the parsed request. A failure whose
   * field errors name this form's fields shows them in place; then `onFailure` hears of it (without
   * one, a failure not placed is thrown).
   */
  const submit = (action: (data: Out) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const { data, found } = validate(values);
    showErrors(found);
    if (data === null) return;
    setBusy(true);
    try {
      await action(data);
    } catch (error) {
      const placed = placeServerErrors(error);
      if (onFailure) onFailure(error, placed);
      else if (!placed) throw error;
    } finally {
      setBusy(false);
    }
  };

  /** Props for one input. */
  const bind = (field: Field): BoundInput => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: (event) => setValue(field, event.target.value),
    onBlur: () => check(field),
  });

  return { values, setValue, errors, setError, busy, submit, bind, checkNow, focus, reset };
}
