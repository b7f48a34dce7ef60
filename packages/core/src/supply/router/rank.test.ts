import { describe, expect, it } from 'vitest';
import type { SourceDelivery } from '../../stats';
import { rankSources, type SourceCandidate } from './rank';

const measured = (source: SourceDelivery['source'], activations: number, delivered: number, medianMsToCode: number | null = 20_000): SourceDelivery => ({
  source,
  activations,
  delivered,
  reported: 0,
  rate: activations >= 20 ? delivered / activations : null,
  medianMsToCode,
  marginCents: 0,
});
const candidate = (source: SourceCandidate['source'], marginCents = 50, callMs = 0): SourceCandidate => ({ source, marginCents, callMs });
const order = (...args: Parameters<typeof rankSources>) => rankSources(...args).map((c) => c.source);

describe('the order sources are asked in', () => {
  it('the best-delivering first, whatever its margin', () => {
    const history = [measured('own', 100, 60), measured('upstream:a', 100, 95), measured('agent:b', 100, 80)];
    expect(order([candidate('own', 100), candidate('agent:b', 60), candidate('upstream:a', 10)], history)).toEqual(['upstream:a', 'agent:b', 'own']);
  });

  it('the same delivery: the larger margin, then the faster code, then the faster answer', () => {
    const history = [measured('own', 100, 90, 30_000), measured('upstream:a', 100, 90, 10_000), measured('agent:b', 100, 90, 10_000)];
    expect(order([candidate('own', 80), candidate('upstream:a', 20, 900), candidate('agent:b', 20, 300)], history)).toEqual(['own', 'agent:b', 'upstream:a']);
  });

  it('a source with few activations is ranked near the place’s rate: 3 of 3 is not 100%, 0 of 3 not 0%', () => {
    const lucky = rankSources([candidate('own', 90), candidate('upstream:new', 10)], [measured('own', 200, 180), measured('upstream:new', 3, 3)]);
    const newcomer = lucky.find((c) => c.source === 'upstream:new')!;
    expect(newcomer).toMatchObject({ rate: null, activations: 3 });
    expect(newcomer.rankRate).toBeGreaterThan(0.9);
    expect(newcomer.rankRate).toBeLessThan(0.93);
    expect(lucky.map((c) => c.source)).toEqual(['upstream:new', 'own']);
    const unlucky = rankSources([candidate('own', 10), candidate('upstream:new', 90)], [measured('own', 200, 180), measured('upstream:new', 3, 0)]);
    expect(unlucky.find((c) => c.source === 'upstream:new')!.rankRate).toBeGreaterThan(0.6);
    expect(unlucky.map((c) => c.source)).toEqual(['own', 'upstream:new']);
  });

  it('no history anywhere: margin, then answer time', () => {
    expect(order([candidate('agent:x', 30, 50), candidate('upstream:y', 30, 20), candidate('own', 40)], [])).toEqual(['own', 'upstream:y', 'agent:x']);
  });
});
