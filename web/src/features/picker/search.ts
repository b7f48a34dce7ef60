/**
 * Each list filters by a case-insensitive substring of the name (or the number) and shows
 * the result in alphabetical order.
 */
export function searchSorted<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  return items
    .filter((item) => textOf(item).toLocaleLowerCase().includes(needle))
    .sort((a, b) => textOf(a).localeCompare(textOf(b), undefined, { sensitivity: 'base', numeric: true }));
}
