import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The seed writes a starting catalogue into a table; it is not where the running code reads
 * anything. A stage may never be seeded, so a handler or domain module that imported seed data
 * would behave differently there (an SMS of a service added later became an orphan that way).
 */
const root = join(import.meta.dirname, '..', '..', '..');
const sources = ['packages/core/src', 'packages/functions/src'];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)test(s)?\//.test(path);
const isSeed = (path: string) => path.startsWith('packages/core/src/seed/');
/** Every module specifier: static imports and re-exports, and dynamic import(). */
const specifiers = (text: string) => [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
const namesSeed = (specifier: string) => /^@numbernest\/core\/seed(\/|$)/.test(specifier) || (specifier.startsWith('.') && /(^|\/)seed(\/|$)/.test(specifier));

describe('seed data stays out of the running code', () => {
  it('no core or functions source but the seed itself and tests imports from seed/', () => {
    const offenders: string[] = [];
    for (const dir of sources) {
      for (const file of files(join(root, dir))) {
        const path = relative(root, file);
        if (isTest(path) || isSeed(path)) continue;
        for (const specifier of specifiers(readFileSync(file, 'utf8'))) if (namesSeed(specifier)) offenders.push(`${path}: ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('would catch one', () => {
    expect(specifiers(`import { seedServices } from '../seed/services';\nconst x = await import('@numbernest/core/seed');`).filter(namesSeed)).toEqual([
      '../seed/services',
      '@numbernest/core/seed',
    ]);
    expect(namesSeed('./seeded-things')).toBe(false);
  });
});
