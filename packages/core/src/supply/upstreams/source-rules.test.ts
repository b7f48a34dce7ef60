import { describe, expect, it } from 'vitest';
import { applySourceRules, type SourceRuleEntry } from './source-rules';

const agent = 'agent:000000001aaaaaaaaaaaaaaaa';
const upstreamA = 'upstream:000000002bbbbbbbbbbbbbbbb';
const upstreamB = 'upstream:000000003cccccccccccccccc';
const candidates = ['own', agent, upstreamA, upstreamB];

describe('applySourceRules', () => {
  it('keeps every candidate, in order, where no rule applies', () => {
    const rules: SourceRuleEntry[] = [{ countryId: 2, pin: 'own' }];
    expect(applySourceRules(rules, 1, 10, candidates)).toEqual(candidates);
    expect(applySourceRules([], 1, 10, candidates)).toEqual(candidates);
  });

  it('a pin keeps only the pinned source, and nothing when it is not a candidate', () => {
    const rules: SourceRuleEntry[] = [{ countryId: 1, serviceId: 10, pin: upstreamA }];
    expect(applySourceRules(rules, 1, 10, candidates)).toEqual([upstreamA]);
    expect(applySourceRules(rules, 1, 10, ['own', agent])).toEqual([]);
    // Another service of the country is not covered.
    expect(applySourceRules(rules, 1, 11, candidates)).toEqual(candidates);
  });

  it('exclusions are removed, the rest keep their order', () => {
    const rules: SourceRuleEntry[] = [{ countryId: 1, exclude: ['own', upstreamA] }];
    expect(applySourceRules(rules, 1, 10, candidates)).toEqual([agent, upstreamB]);
    expect(applySourceRules(rules, 1, 99, [upstreamB, 'own', agent])).toEqual([upstreamB, agent]);
  });

  it("a service's rule replaces its country's rule for every service", () => {
    const rules: SourceRuleEntry[] = [
      { countryId: 1, exclude: [agent] },
      { countryId: 1, serviceId: 10, pin: agent },
    ];
    expect(applySourceRules(rules, 1, 10, candidates)).toEqual([agent]);
    expect(applySourceRules(rules, 1, 11, candidates)).toEqual(['own', upstreamA, upstreamB]);
  });

  it('does not change the candidates it is given', () => {
    const given = [...candidates];
    applySourceRules([{ countryId: 1, exclude: ['own'] }], 1, 10, given);
    expect(given).toEqual(candidates);
  });
});
