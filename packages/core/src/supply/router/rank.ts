import type { DeliverySource, SourceDelivery } from '../../stats';

/** A source that could sell this activation now, as the purchase sees it before asking. */
export interface SourceCandidate {
  source: DeliverySource;
  /** The customer's price less what the source costs us, in cents. */
  marginCents: number;
  /** How long asking it took lately (an agent's or upstream's last call); our own numbers: 0. */
  callMs: number;
}

/** A candidate with what was measured of it, in the order it is asked. */
export interface RankedCandidate extends SourceCandidate {
  /** Its measured delivery over the last 30 days for the country and service (null below 20 activations). */
  rate: number | null;
  activations: number;
  /** The rate it is ranked by: the measured one pulled towards the place's, strongly while it has few activations. */
  rankRate: number;
  medianMsToCode: number | null;
}

/**
 * How strongly a source's few activations are pulled towards the place's rate (in activations):
 * a new source is neither starved nor trusted on three lucky codes.
 */
export const priorWeight = 10;
/** Delivery rates are compared in steps of this size: within one step the margin decides. */
export const rateStep = 0.02;
/** A place with no history at all: what a source is assumed to deliver. */
const assumedRate = 0.8;

/**
 * The order sources are asked in: by delivery rate for the country and service (smoothed towards the
 * place's overall rate by `priorWeight` activations), then by margin, then by how fast a code
 * arrives and how fast the source answers.
 */
export function rankSources(candidates: readonly SourceCandidate[], measured: readonly SourceDelivery[]): RankedCandidate[] {
  const bySource = new Map(measured.map((m) => [m.source, m]));
  const sold = measured.reduce((sum, m) => sum + m.activations, 0);
  const delivered = measured.reduce((sum, m) => sum + m.delivered, 0);
  const placeRate = sold ? delivered / sold : assumedRate;
  const ranked = candidates.map((candidate): RankedCandidate => {
    const m = bySource.get(candidate.source);
    const activations = m?.activations ?? 0;
    return {
      ...candidate,
      rate: m?.rate ?? null,
      activations,
      rankRate: ((m?.delivered ?? 0) + placeRate * priorWeight) / (activations + priorWeight),
      medianMsToCode: m?.medianMsToCode ?? null,
    };
  });
  return ranked.sort(
    (a, b) =>
      Math.round(b.rankRate / rateStep) - Math.round(a.rankRate / rateStep) ||
      b.marginCents - a.marginCents ||
      (a.medianMsToCode ?? Infinity) - (b.medianMsToCode ?? Infinity) ||
      a.callMs - b.callMs,
  );
}
