import { NumberType, type LedgerKind } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../money';
import type { RentalItem, UpstreamEndItem } from '../../rentals';
import { checks, upstreamLosses } from './checks';
import type { Snapshot } from './snapshot';

const at = '2026-11-29T12:00:00.000Z';
const account = 'upstream:u1';

/** Two activations bought from upstream u1 ($0.40 each), both cancelled and refunded to the customer: u1 refunded the first, kept the second. */
function world(): Snapshot {
  const rental = (id: string, activationId: string): RentalItem => ({
    id,
    sub: 'a',
    numberId: 9,
    e164: '+351690000001',
    typeId: NumberType.Temporary,
    countryId: 30,
    countryName: 'Portugal',
    countryCode: 'PT',
    serviceId: 5,
    status: 'inactive',
    ended: 'refunded',
    startedAt: at,
    expiresAt: at,
    priceCents: 100,
    messagesCount: 0,
    upstreamSale: { upstreamId: 'u1', activationId, costCents: 40 },
  });
  const entry = (seq: number, kind: LedgerKind, amountCents: number, reference: string): LedgerEntry => ({
    sub: account,
    seq,
    id: `e${seq}`,
    kind,
    amountCents,
    balanceAfterCents: 0,
    reference,
    description: { key: kind, params: {} },
    createdAt: at,
  });
  const end = (rentalId: string, activationId: string, refunded: boolean): UpstreamEndItem => ({
    rentalId,
    upstreamId: 'u1',
    activationId,
    how: 'cancel',
    costCents: 40,
    customerRefunded: true,
    endedAt: at,
    attempts: 1,
    doneAt: at,
    accepted: true,
    ...(refunded ? { refundedCents: 40 } : { lastError: 'cancel accepted, nothing refunded' }),
  });
  return {
    profiles: [],
    entries: new Map([
      [
        account,
        [
          entry(1, 'upstream-deposit', 1000, 'd1'),
          entry(2, 'upstream-spend', -40, 'r1'),
          entry(3, 'upstream-refund', 40, 'r1'),
          entry(4, 'upstream-spend', -40, 'r2'),
        ],
      ],
    ]),
    topUps: new Map(),
    rentals: new Map([
      ['r1', rental('r1', '501')],
      ['r2', rental('r2', '502')],
    ]),
    messages: new Map(),
    transfers: new Map(),
    locks: [],
    inbound: [],
    orphans: new Map(),
    reviewQueue: [],
    standings: new Map(),
    agentFinishes: new Map(),
    payouts: new Map(),
    upstreamEnds: new Map([
      ['r1', end('r1', '501', true)],
      ['r2', end('r2', '502', false)],
    ]),
  };
}

const upstreamProblems = (s: Snapshot) => checks.map((check) => check(s)).find((r) => r.name.startsWith('every upstream activation'))!.problems;

describe('reconcile: upstream providers', () => {
  it('finds nothing wrong in a consistent world, and lists the refund the upstream kept with the money lost', () => {
    const s = world();
    expect(upstreamProblems(s)).toEqual([]);
    expect(upstreamLosses(s)).toEqual([{ rentalId: 'r2', upstreamId: 'u1', activationId: '502', lostCents: 40, why: 'cancel accepted, nothing refunded' }]);
  });

  it('finds each way the upstream money can go wrong', () => {
    const cases: Array<[string, (s: Snapshot) => void, RegExp]> = [
      [
        'a purchase never debited',
        (s) =>
          s.entries.set(
            account,
            s.entries.get(account)!.filter((e) => e.reference !== 'r2'),
          ),
        /upstream activation r2 debited from upstream:u1 0 times/,
      ],
      [
        'a purchase debited twice',
        (s) => s.entries.get(account)!.push({ ...s.entries.get(account)![3]!, seq: 5 }),
        /upstream activation r2 debited from upstream:u1 2 times/,
      ],
      ['another cost debited', (s) => (s.entries.get(account)![1]!.amountCents = -45), /upstream activation r1 cost \$0\.40 but \$0\.45 was debited/],
      [
        'a refund never credited',
        (s) =>
          s.entries.set(
            account,
            s.entries.get(account)!.filter((e) => e.kind !== 'upstream-refund'),
          ),
        /upstream activation r1 \(refunded by its upstream\) credited 0 times/,
      ],
      [
        'a refund credited that the upstream never gave',
        (s) => delete s.upstreamEnds.get('r1')!.refundedCents,
        /upstream activation r1 \(not refunded by its upstream\) credited 1 times/,
      ],
      ['an ended activation never carried to its upstream', (s) => s.upstreamEnds.delete('r2'), /upstream activation r2 ended but its upstream u1 is not told/],
      ['a spend without its activation', (s) => s.rentals.delete('r2'), /upstream-spend entry of upstream:u1\/r2 has no activation of that upstream/],
    ];
    for (const [what, spoil, expected] of cases) {
      const s = world();
      spoil(s);
      expect(upstreamProblems(s).join('\n'), what).toMatch(expected);
    }
  });

  it('a number bought and not sold is neither a finding nor a loss', () => {
    const s = world();
    s.upstreamEnds.set('unsold:u1:503', {
      ...s.upstreamEnds.get('r2')!,
      rentalId: 'unsold:u1:503',
      activationId: '503',
      costCents: 0,
      customerRefunded: false,
      unsold: 'refused prefix',
    });
    expect(upstreamProblems(s)).toEqual([]);
    expect(upstreamLosses(s).map((loss) => loss.rentalId)).toEqual(['r2']);
  });
});
