import { apiUrl } from './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { agentStockCounts, agentStockIn, availableCounts, dropAgentStock, recordAgentStock } from '@numbernest/core/catalogue';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { userWithKey } from './api-keys';

const country = (iso: string) => seedCatalog.countries.find((c) => c.iso === iso)!;
const service = (slug: string) => seedCatalog.services.find((s) => s.slug === slug)!;

/** The catalogue counts partners' agents' stock into Temporary stock while their reports are fresh. */
describe('agents’ stock in the catalogue', () => {
  it('adds a fresh report to the country’s Temporary counts (the picker’s and the protocol’s), and takes it off when dropped', async () => {
    const gb = country('gb');
    const telegram = service('telegram');
    const agentId = `test-${randomUUID()}`;
    const before = (await availableCounts(gb.id, NumberType.Temporary, [telegram.id])).get(telegram.id) ?? 0;

    const stored = await recordAgentStock(agentId, new Map([[gb.id, { any: { [telegram.id]: 7 } }]]), new Map());
    expect((await agentStockCounts(gb.id)).get(telegram.id)).toBeGreaterThanOrEqual(7);
    expect((await availableCounts(gb.id, NumberType.Temporary, [telegram.id])).get(telegram.id)).toBe(before + 7);

    // The developer API's counts are the catalogue's: getNumbersStatus for the United Kingdom (16).
    const { key } = await userWithKey();
    const status = await fetch(`${apiUrl}/stubs/handler_api.php?api_key=${key}&action=getNumbersStatus&country=16`);
    expect(((await status.json()) as Record<string, string>)['tg_0']).toBe(String(before + 7));

    // A changed report replaces it; a country no longer reported is removed at once.
    const de = country('de');
    const next = await recordAgentStock(agentId, new Map([[de.id, { o2: { [telegram.id]: 2 } }]]), stored);
    expect((await availableCounts(gb.id, NumberType.Temporary, [telegram.id])).get(telegram.id)).toBe(before);
    expect((await agentStockIn(de.id)).find((s) => s.agentId === agentId)?.operators).toEqual({ o2: { [telegram.id]: 2 } });

    await dropAgentStock(agentId, next.keys());
    expect((await agentStockIn(de.id)).some((s) => s.agentId === agentId)).toBe(false);
  });

  it('stops counting a report that went stale (its agent stopped answering)', async () => {
    const us = country('us');
    const whatsapp = service('whatsapp');
    const agentId = `test-${randomUUID()}`;
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await recordAgentStock(agentId, new Map([[us.id, { any: { [whatsapp.id]: 4 } }]]), new Map(), twoMinutesAgo);
    expect((await agentStockIn(us.id)).some((s) => s.agentId === agentId)).toBe(false);
    await recordAgentStock(agentId, new Map([[us.id, { any: { [whatsapp.id]: 4 } }]]), new Map());
    expect((await agentStockIn(us.id)).some((s) => s.agentId === agentId)).toBe(true);
  });
});
