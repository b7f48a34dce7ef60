import { useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import type { ValidationMessage } from '@/lib/validation';
import { authErrorKey, fieldOfError, type AuthErrorKey, type AuthStep } from '@/features/auth/errors';

export type { BoundInput } from '@/lib/form/use-schema-form';

/** A field's message: from the shared catalogue (lib/validation), or a Cognito answer (auth namespace). */
export type FieldMessage = ValidationMessage | { authKey: AuthErrorKey };

/**
 * An account form: the shared schema form, with Cognito's failures placed next to their field or
 * in the form's alert.
 */
export function useAuthForm<Field extends string, Out>(options: {
  schema: z.ZodMiniType<Out>;
  initial: Record<Field, string>;
  step: AuthStep;
  idPrefix: string;
}) {
  const { step } = options;
  const [alert, setAlert] = useState<AuthErrorKey | null>(null);
  const form = useSchemaForm<Field, Out, { authKey: AuthErrorKey }>({ ...options, onFailure: (error) => fail(error) });

  /**
   * Shows a Cognito failure where it belongs; returns its key for pages that react to it. `during`:
   * another call the form makes than its own step's (a new code sent from it).
   */
  function fail(error: unknown, during: AuthStep = step): AuthErrorKey {
    const key = authErrorKey(error, during);
    const field = fieldOfError(key) as Field | undefined;
    if (field && field in form.values) form.setError(field, { authKey: key });
    else setAlert(key);
    return key;
  }

  // The form's `onSubmit`: a failed action lands in `fail` (the form's onFailure), so nothing is left to await.
  const submit = (action: (data: Out) => Promise<void>) => {
    const run = form.submit(action);
    return (event: FormEvent<HTMLFormElement>) => {
      setAlert(null);
      void run(event);
    };
  };

  return { ...form, alert, setAlert, submit, fail };
}
