/**
 * CSV as RFC 4180 writes it (fields quoted when they hold a comma, quote or line break; rows ending
 * in CRLF), safe to open in a spreadsheet: a cell that starts like a formula (= + - @, or a tab or
 * CR hiding one) gets a leading apostrophe, unless `isNumber` says it is a number the spreadsheet
 * must read as one (a signed amount). One writer for the server's export and the browser's.
 */
export type NumberCell = (value: string) => boolean;

/** By default, a number is a plain one: an optional minus, then digits. */
const plainNumber: NumberCell = (value) => /^-?\d/.test(value);

export function csvField(value: string, isNumber: NumberCell = plainNumber): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !isNumber(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvText(rows: readonly (readonly string[])[], isNumber?: NumberCell): string {
  return rows.map((row) => row.map((value) => csvField(value, isNumber)).join(',')).join('\r\n') + '\r\n';
}
