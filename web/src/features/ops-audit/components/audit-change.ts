/** One field an operator's write changed: its name ('' for a value that is no object) and its values before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an audit entry changed, field by field: for objects (or an object made from nothing, or
 * removed), only the fields whose value differs, in the order they first appear; anything else as one
 * change of the whole value.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if ((isRecord(before) || absent(before)) && (isRecord(after) || absent(after)) && !(absent(before) && absent(after))) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return fields
      .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null))
      .map((field) => ({ field, before: was[field] ?? null, after: now[field] ?? null }));
  }
  return [{ field: '', before: before ?? null, after: after ?? null }];
}

/** A value as compact text: strings bare, nothing as ∅, the rest as JSON. */
export const shownValue = (value: unknown) => (value === null || value === undefined ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));
