import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');
const files = (readdirSync(src, { recursive: true }) as string[]).map((file) => join(src, file));
const stylesheets = files.filter((file) => file.endsWith('.css'));
const modules = files.filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));

/** The stylesheets `file` names: a module's `import './x.css'` (or `'@/styles/x.css'`), a stylesheet's `@import './x.css'`; resolved. */
const named = (file: string, pattern: RegExp) =>
  [...readFileSync(file, 'utf8').matchAll(pattern)].map(([, path]) => (path!.startsWith('@/') ? join(src, path!.slice(2)) : resolve(dirname(file), path!)));
const imported = new Set([
  ...modules.flatMap((file) => named(file, /^import\s+'([^']+\.css)';/gm)),
  ...stylesheets.flatMap((file) => named(file, /^@import\s+'([^']+\.css)';/gm)),
]);

describe('stylesheets', () => {
  // A stylesheet that moved and lost its import styles nothing, and no test of behaviour notices.
  it('each is imported by a module or another stylesheet', () => {
    expect(stylesheets.length).toBeGreaterThan(10);
    const orphans = stylesheets.filter((file) => !imported.has(file)).map((file) => relative(src, file));
    expect(orphans, `imported by nothing: ${orphans.join(', ')}`).toEqual([]);
  });
});
