import { putItem, readPartition } from '../../shared/db';
import { purchaseDecisionItem } from '../../shared/db/items/supply-decisions';
import { timeSortableId } from '../../shared/ids';
import { log } from '../../shared/log';
import type { SourceTry } from '../source-try';
import type { RankedCandidate } from './rank';

/** How long a purchase's routing is kept for operators to ask about. */
const keptDays = 90;

export interface DecisionInput {
  sub: string;
  countryId: number;
  serviceId: number;
  priceCents: number;
  ranked: readonly RankedCandidate[];
  excluded: readonly string[];
  tried: ReadonlyArray<SourceTry & { source: string }>;
  started: number;
}

/** Records one purchase's routing, best effort: a customer's purchase never fails for its record. */
export async function recordDecision(input: DecisionInput): Promise<void> {
  const now = Date.now();
  const bought = input.tried.find((t) => t.rental);
  try {
    await putItem(purchaseDecisionItem, {
      sub: input.sub,
      id: timeSortableId(now),
      at: new Date(now).toISOString(),
      countryId: input.countryId,
      serviceId: input.serviceId,
      priceCents: input.priceCents,
      candidates: input.ranked.map(({ source, rate, rankRate, activations, marginCents, callMs, medianMsToCode }) => ({
        source,
        rate,
        rankRate: Math.round(rankRate * 1000) / 1000,
        activations,
        marginCents,
        callMs: Math.round(callMs),
        medianMsToCode,
      })),
      excluded: [...input.excluded],
      tried: input.tried.map(({ source, outcome, detail, ms }) => ({
        source,
        outcome,
        ...(detail ? { detail: detail.slice(0, 200) } : {}),
        ms: Math.round(ms),
      })),
      ...(bought?.rental ? { rentalId: bought.rental.id, source: bought.source } : {}),
      ms: now - input.started,
      expiresAt: Math.floor(now / 1000) + keptDays * 86_400,
    });
  } catch (error) {
    log.error('Purchase decision not recorded', { sub: input.sub, error: String(error) });
  }
}

/** A customer's purchase decisions, newest first (the console's "why this number"). */
export async function purchaseDecisionsOf(sub: string, limit = 50) {
  return readPartition(purchaseDecisionItem, { sub, id: '' }, { limit, descending: true });
}
