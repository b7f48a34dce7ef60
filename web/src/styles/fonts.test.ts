import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every font family the stylesheets name is one the device already has, or one they load with
 * @font-face: a family named but never loaded only ever falls back, and a page that looks right on a
 * machine that happens to have it installed looks different everywhere else.
 */
const source = resolve(import.meta.dirname, '..');
const stylesheets = Object.fromEntries(
  readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => [file, readFileSync(join(source, file), 'utf8')]),
);

/** Generic families and the interface and monospace fonts that ship with the major systems. */
const onEveryDevice = new Set(
  [
    'inherit',
    'system-ui',
    'sans-serif',
    'serif',
    'monospace',
    'ui-monospace',
    'ui-sans-serif',
    'emoji',
    '-apple-system',
    'BlinkMacSystemFont',
    'Segoe UI',
    'Roboto',
    'Noto Sans',
    'Helvetica Neue',
    'Arial',
    'SF Mono',
    'SFMono-Regular',
    'Cascadia Mono',
    'Menlo',
    'Consolas',
  ].map((name) => name.toLowerCase()),
);

const families = (list: string) =>
  list
    .split(',')
    .map((name) => name.trim().replace(/^['"]|['"]$/g, ''))
    .filter((name) => name && !name.startsWith('var('));

function familiesNamed(css: string): { named: string[]; loaded: string[] } {
  const loaded = [...css.matchAll(/@font-face\s*{[^}]*font-family:\s*([^;}]+)/g)].flatMap((m) => families(m[1]!));
  const withoutFaces = css.replace(/@font-face\s*{[^}]*}/g, '');
  const named = [...withoutFaces.matchAll(/(?:font-family|--font-[\w-]+)\s*:\s*([^;}]+)/g)].flatMap((m) => families(m[1]!));
  return { named, loaded };
}

describe('font families', () => {
  const found = Object.entries(stylesheets).map(([file, css]) => ({ file, ...familiesNamed(css) }));
  const loaded = new Set(found.flatMap((sheet) => sheet.loaded.map((name) => name.toLowerCase())));

  it('reads the stylesheets', () => {
    expect(found.find((sheet) => sheet.file.endsWith('styles/tokens.css'))?.named).toContain('system-ui');
  });

  it('names only families the device has or the stylesheets load', () => {
    const missing = found.flatMap(({ file, named }) =>
      named.filter((name) => !onEveryDevice.has(name.toLowerCase()) && !loaded.has(name.toLowerCase())).map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
