import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakpoints } from './breakpoints';

const src = resolve(import.meta.dirname, '..');
const cssFiles = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.css')).map((file) => join(src, file));
const allowed = new Set<number>(Object.values(breakpoints));

/** Every width an @media query names, with where: `(max-width: 700px)`, `(min-width: 40em)`, `(width <= 600px)`. */
function mediaWidths(css: string): Array<{ query: string; value: string }> {
  return [...css.matchAll(/@media([^{]+)\{/g)].flatMap(([, query]) =>
    [...query!.matchAll(/(?:(?:min|max)-width\s*:|width\s*[<>]=?)\s*([\d.]+[a-z]*)/g)].map(([, value]) => ({ query: query!.trim(), value: value! })),
  );
}

describe('breakpoints', () => {
  it('finds the stylesheets', () => {
    expect(cssFiles.length).toBeGreaterThan(10);
  });

  it('every @media width in web/src is one of styles/breakpoints.ts, in px', () => {
    const strays = cssFiles.flatMap((file) =>
      mediaWidths(readFileSync(file, 'utf8'))
        .filter(({ value }) => !value.endsWith('px') || !allowed.has(Number.parseFloat(value)))
        .map(({ query }) => `${relative(src, file)}: @media ${query}`),
    );
    expect(strays).toEqual([]);
  });

  it('tokens.css lists the same widths', () => {
    const table = readFileSync(join(src, 'styles', 'tokens.css'), 'utf8');
    for (const [name, width] of Object.entries(breakpoints)) expect(table).toMatch(new RegExp(`${name}\\s+${width}px`));
  });

  it('reads the query forms it checks', () => {
    expect(mediaWidths('@media (max-width: 123px) {} @media (min-width: 40em) and (width <= 7px) {}').map(({ value }) => value)).toEqual([
      '123px',
      '40em',
      '7px',
    ]);
  });
});
