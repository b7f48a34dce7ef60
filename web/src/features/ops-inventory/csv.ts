import { maxImportRows, numberSourcePattern, type ImportNumberRow } from '@numbernest/contracts/ops';

/** Why a CSV line was not made a row (checked again, and more, by the server). */
export type CsvProblem = 'columns' | 'country' | 'type' | 'source';

export interface ParsedCsv {
  rows: ImportNumberRow[];
  /** Lines that are not rows, by their line number (from 1), with the line as written. */
  problems: Array<{ line: number; text: string; problem: CsvProblem }>;
  /** More rows than one import takes. */
  tooMany: boolean;
}

const typeNames: Record<string, number> = { shared: 1, private: 2, temporary: 3 };

/** A cell without its surrounding quotes and spaces. */
const cell = (value: string) =>
  value
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** The header line, if the first line is one: its cells name columns (`e164`, `country_id`…) rather than hold values. */
const isHeader = (cells: string[]) => /^[a-z]/i.test(cells[0] ?? '') && !/^\d/.test(cells[1] ?? '');

/**
 * `e164,country_id,type,source` lines (a header line optional; `;` or tabs also separate; blank
 * lines skipped) into import rows. The type is 1/2/3 or its name (shared, private, temporary); a
 * blank source is Twilio. The number itself is left for the server to check against its country.
 */
export function parseNumbersCsv(text: string): ParsedCsv {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: ImportNumberRow[] = [];
  const problems: ParsedCsv['problems'] = [];
  lines.forEach((raw, index) => {
    if (!raw.trim()) return;
    const cells = raw.split(/[,;\t]/).map(cell);
    if (index === lines.findIndex((l) => l.trim()) && isHeader(cells)) return;
    const problem = (kind: CsvProblem) => problems.push({ line: index + 1, text: raw.trim(), problem: kind });
    if (cells.length < 3 || cells.length > 4 || !cells[0]) return problem('columns');
    const [e164, country, type, source = ''] = cells as [string, string, string, string?];
    if (!/^\d{1,9}$/.test(country)) return problem('country');
    const typeId = /^[123]$/.test(type) ? Number(type) : typeNames[type.toLowerCase()];
    if (!typeId) return problem('type');
    const sourceText = source || 'twilio';
    if (!numberSourcePattern.test(sourceText)) return problem('source');
    rows.push({ e164, country_id: Number(country), mobile_number_type_id: typeId, source: sourceText });
  });
  return { rows, problems, tooMany: rows.length > maxImportRows };
}
