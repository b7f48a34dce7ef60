import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessPatternsFile, withItemsSection } from './items-doc';

describe('docs/access-patterns.md', () => {
  it('holds the Items section the item definitions generate', () => {
    const text = readFileSync(accessPatternsFile, 'utf8');
    expect(withItemsSection(text) === text, 'The Items section is stale: run `npm run docs:items`').toBe(true);
  });

  it('shows each item type with its owner and key pattern', () => {
    expect(withItemsSection('')).toContain('| ledger entry | money | pk=`USER#{sub}`, sk=`LEDGER#');
  });
});
