import { describe, expect, it } from 'vitest';
import { adapters } from './adapters';
import { reversibleProviders } from './reversible';

describe('reversibleProviders', () => {
  it('names exactly the adapters that say they are reversible', () => {
    for (const [id, adapter] of Object.entries(adapters)) expect(reversibleProviders.has(adapter.id), id).toBe(adapter.reversible === true);
  });
});
