import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';

/**
 * A refused write in words: each field's problem ("discount_1: Must be less than or equal to 2.09"),
 * or the reply's error in the visitor's language. `detailed` fields show the server's English too
 * (a bulk change names the offers it refused there).
 */
export function useProblem() {
  const { t } = useTranslation(['errors', 'ops']);
  const { t: tv } = useTranslation('validation');
  return (error: unknown, detailed: readonly string[] = []): string => {
    if (!(error instanceof ApiError)) return t('ops:common.failed');
    const fields = fieldErrorsFromServer(error.body);
    const entries = Object.entries(fields);
    if (entries.length === 0) return serverErrorText(t, error);
    return entries
      .map(([field, message]) => {
        const english = detailed.includes(field) ? error.body.errors?.[field]?.[0] : undefined;
        return `${field}: ${english ?? describeValidation(tv, message!)}`;
      })
      .join('; ');
  };
}

/** A dollar input's value for the API: a number, or null when left empty. */
export const dollarsOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value.replace(',', '.')));

/** A dollar value as an input shows it. */
export const inputDollars = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
