import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from './table-definition';

/**
 * docs/access-patterns.md is the one list of the table's keys. This test reads core's sources for
 * every key it can build and fails naming each one the table's "key condition" column lacks:
 * - a key prefix: a string or template literal that starts with an upper-case name and `#`
 *   (`'RENTAL#'`, `` `USER#${sub}` `` → `RENTAL#`, `USER#`);
 * - a whole key: an upper-case string literal given as `pk:` or `sk:` (`'PROFILE'`, `'ALL'`);
 * - a work queue of the `dueByTime` index: an upper-case literal given to a `…Queue` name;
 * - an index: each of `tableDefinition.globalIndexes` and every `IndexName: '…'`.
 */
const coreSrc = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = join(coreSrc, '..', '..', '..');
const docPath = join(repoRoot, 'docs', 'access-patterns.md');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Comments go first: a stale comment must neither add a key nor hide one. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const upperName = '[A-Z][A-Z0-9_]*';
const prefixLiteral = new RegExp(`['"\`](${upperName}#)`, 'g');
const keyProperty = /\b(?:pk|sk)\s*:\s*([^,}\n]+)/g;
const wholeLiteral = new RegExp(`'(${upperName})'`, 'g');
const queueConstant = new RegExp(`Queue\\s*[:=]\\s*'(${upperName})'`, 'g');
const indexLiteral = /IndexName\s*:\s*'([A-Za-z0-9_.-]+)'/g;

const firstGroups = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1] ?? '');

/** Every key token core builds, each with the files that build it. */
function keyTokensOfCore(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (token: string, file: string) => found.set(token, [...new Set([...(found.get(token) ?? []), relative(repoRoot, file)])]);
  for (const index of Object.keys(tableDefinition.globalIndexes)) add(index, join(coreSrc, 'db', 'table-definition.ts'));
  for (const file of sourceFiles(coreSrc)) {
    const code = withoutComments(readFileSync(file, 'utf8'));
    const keyValues = firstGroups(code, keyProperty).join('\n');
    for (const token of [
      ...firstGroups(code, prefixLiteral),
      ...firstGroups(keyValues, wholeLiteral),
      ...firstGroups(code, queueConstant),
      ...firstGroups(code, indexLiteral),
    ])
      add(token, file);
  }
  return found;
}

/** The cells of the "key condition" column of the doc's table, joined. */
function keyConditionColumn(markdown: string): string {
  const rows = markdown.split('\n').filter((line) => line.trimStart().startsWith('|'));
  const cells = (row: string) =>
    row
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
  const header = rows.findIndex((row) => /key condition/i.test(row));
  if (header < 0) throw new Error('docs/access-patterns.md has no table with a "key condition" column');
  const column = cells(rows[header] ?? '').findIndex((cell) => /key condition/i.test(cell));
  return rows
    .slice(header + 2)
    .map((row) => cells(row)[column] ?? '')
    .join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `USER#` matches `USER#<sub>` but not `OTHER_USER#`; `ALL` matches `ALL` but not `ALLOW`. */
const mentions = (column: string, token: string) =>
  new RegExp(`(?<![A-Za-z0-9_])${escape(token)}${token.endsWith('#') ? '' : '(?![A-Za-z0-9_])'}`).test(column);

function missingFrom(markdown: string, tokens: Map<string, string[]>): string[] {
  const column = keyConditionColumn(markdown);
  return [...tokens.keys()].filter((token) => !mentions(column, token)).sort();
}

describe('docs/access-patterns.md', () => {
  const tokens = keyTokensOfCore();
  const doc = readFileSync(docPath, 'utf8');

  it('finds the keys core builds (the scan itself works)', () => {
    for (const known of ['USER#', 'RENTAL#', 'LEDGER_KEY#', 'RATE#', 'PROFILE', 'ALL', 'COUNTER', 'RENTALS', 'WEBHOOK_RETRY', 'dueByTime']) {
      expect([...tokens.keys()], known).toContain(known);
    }
  });

  it('names every key prefix, whole key, work queue and index that core builds', () => {
    const missing = missingFrom(doc, tokens).map((token) => `${token} (built in ${tokens.get(token)!.join(', ')})`);
    expect(missing, `add a row for each to docs/access-patterns.md:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('fails when a row is removed', () => {
    const withoutRentals = doc
      .split('\n')
      .filter((line) => !line.includes('begins_with(sk, RENTAL#)'))
      .join('\n');
    expect(withoutRentals).not.toEqual(doc);
    expect(missingFrom(withoutRentals, tokens)).toContain('RENTAL#');
  });
});
