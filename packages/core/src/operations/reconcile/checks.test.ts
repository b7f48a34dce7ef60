import { NumberType, type LedgerKind } from '@numbernest/contracts';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry, PayoutItem, TopUpItem, TransferItem } from '../../money';
import type { MessageItem } from '../../messaging';
import type { RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';
import { checks } from './checks';
import type { Snapshot } from './snapshot';

/** A consistent little world: a paid top-up, a purchase, a refunded rental, a sent SMS, a transfer, an SMS received, an activation a partner's agent sold, a payout paid and one refused. */
function world(): Snapshot {
  const at = '2026-11-24T12:00:00.000Z';
  const rental = (id: string, change: Partial<RentalItem> = {}): RentalItem => ({
    id,
    sub: 'a',
    numberId: 7,
    e164: '+447700900007',
    typeId: NumberType.Shared,
    countryId: 1,
    countryName: 'UK',
    countryCode: 'GB',
    serviceId: 3,
    status: 'active',
    startedAt: at,
    expiresAt: at,
    priceCents: 300,
    messagesCount: 0,
    ...change,
  });
  const entries: Array<[string, LedgerKind, number, string]> = [
    ['a', 'top-up', 1000, 't1'],
    ['a', 'chargeback', -400, 't1'],
    ['a', 'chargeback-reversal', 400, 't1'],
    ['a', 'card-refund', -100, 't1'],
    ['a', 'adjustment', 100, 'card refund made good'],
    ['a', 'purchase', -300, 'r1'],
    ['a', 'purchase', -200, 'r2'],
    ['a', 'refund', 200, 'r2'],
    ['a', 'sms-out', -10, 'm1'],
    ['a', 'transfer-out', -100, 'x1'],
    ['b', 'transfer-in', 100, 'x1'],
    ['b', 'adjustment', 50, 'welcome credit'],
    ['a', 'purchase', -300, 'r5'],
    ['b', 'partner-earning', 150, 'r5'],
    ['b', 'payout', -100, 'p1'],
    ['b', 'payout', -50, 'p2'],
    ['b', 'payout-refund', 50, 'p2'],
  ];
  const chains = new Map<string, LedgerEntry[]>();
  for (const [sub, kind, amountCents, reference] of entries) {
    const chain = chains.get(sub) ?? [];
    const balanceAfterCents = (chain.at(-1)?.balanceAfterCents ?? 0) + amountCents;
    chain.push({
      sub,
      seq: chain.length + 1,
      id: `e${chain.length}`,
      kind,
      amountCents,
      balanceAfterCents,
      reference,
      description: { key: kind },
      createdAt: at,
    });
    chains.set(sub, chain);
  }
  const profile = (sub: string): UserItem => ({
    sub,
    email: `${sub}@example.com`,
    balanceCents: chains.get(sub)!.at(-1)!.balanceAfterCents,
    ledgerSeq: chains.get(sub)!.length,
    settings: {} as UserItem['settings'],
    unreadCount: 0,
    createdAt: at,
  });
  const payout = (id: string, amountCents: number, status: PayoutItem['status']): PayoutItem => ({
    id,
    sub: 'b',
    email: 'b@example.com',
    amountCents,
    destination: 'TXYZ',
    status,
    requestedAt: at,
    decidedAt: at,
  });
  const message = (id: string, change: Partial<MessageItem>): MessageItem & { sub: string } => ({
    id,
    sub: 'a',
    rentalId: 'r1',
    box: 'inbox',
    from: 'x',
    to: 'y',
    body: 'hi',
    code: null,
    createdAt: at,
    ...change,
  });
  return {
    profiles: [profile('a'), profile('b')],
    entries: chains,
    topUps: new Map([
      [
        't1',
        {
          id: 't1',
          sub: 'a',
          email: 'a@example.com',
          provider: 'stripe',
          amountCents: 1000,
          currency: 'USD',
          merchant: 'm',
          status: 'paid',
          createdAt: at,
          reversedCents: 100,
        } as TopUpItem,
      ],
    ]),
    rentals: new Map([
      ['r1', rental('r1', { messagesCount: 1, heldSlice: '1:1:3' })],
      ['r2', rental('r2', { numberId: 8, priceCents: 200, status: 'inactive', ended: 'refunded' })],
      [
        'r5',
        rental('r5', {
          numberId: 10,
          typeId: NumberType.Temporary,
          status: 'inactive',
          ended: 'completed',
          messagesCount: 1,
          agentSale: { agentId: 'g1', activationId: '1000000000000001', partnerSub: 'b', sumCents: 150 },
        }),
      ],
    ]),
    messages: new Map([
      ['m1', message('m1', { box: 'sent', priceCents: 10, status: 'sent' })],
      ['m2', message('m2', { provider: 'twilio', providerMessageId: 'SM1' })],
    ]),
    transfers: new Map([
      ['x1', { id: 'x1', fromSub: 'a', fromEmail: 'a@example.com', toSub: 'b', toEmail: 'b@example.com', amountCents: 100, createdAt: at } as TransferItem],
    ]),
    locks: [
      { numberId: 7, lock: 'SERVICE#3', activeRentalId: 'r1', activeSub: 'a' },
      { numberId: 8, lock: 'SERVICE#3' },
    ],
    inbound: [{ provider: 'twilio', providerMessageId: 'SM1', createdAt: at, expiresAt: 0, outcome: 'delivered', sub: 'a', rentalId: 'r1', messageId: 'm2' }],
    orphans: new Map(),
    reviewQueue: [],
    standings: new Map([['a', { held: 1, 'held:1:1:3': 1, 'held:2:1:all': 0, 'delivered:2026-11-24': 1, 'unused:2026-11-24': 1 }]]),
    agentFinishes: new Map([['r5', { rentalId: 'r5', agentId: 'g1', activationId: '1000000000000001', status: 3, endedAt: at, attempts: 1, doneAt: at }]]),
    payouts: new Map([
      ['p1', payout('p1', 100, 'paid')],
      ['p2', payout('p2', 50, 'refused')],
    ]),
    upstreamEnds: new Map(),
  };
}

const findings = (s: Snapshot) => checks.map((check) => check(s)).flatMap((result) => result.problems.map((p) => `${result.name}: ${p}`));

describe('reconciliation checks', () => {
  it('find nothing in consistent books', () => {
    expect(findings(world())).toEqual([]);
  });

  it("accept operators' partial refunds of an ended rental that add up to what it says was refunded, never more than paid", () => {
    const withPartials = (refundedCents: number, ...amounts: number[]) => {
      const s = world();
      s.rentals.set('r1', { ...s.rentals.get('r1')!, status: 'inactive', ended: 'closed', refundedCents });
      s.locks[0] = { numberId: 7, lock: 'SERVICE#3' };
      s.standings.set('a', { held: 0, 'held:1:1:3': 0 });
      const chain = s.entries.get('a')!;
      for (const amountCents of amounts) {
        const last = chain.at(-1)!;
        chain.push({
          ...last,
          seq: last.seq + 1,
          id: `p${last.seq}`,
          kind: 'refund',
          amountCents,
          balanceAfterCents: last.balanceAfterCents + amountCents,
          reference: 'r1',
        });
      }
      s.profiles[0] = { ...s.profiles[0]!, balanceCents: chain.at(-1)!.balanceAfterCents, ledgerSeq: chain.length };
      return findings(s);
    };
    expect(withPartials(250, 100, 150)).toEqual([]);
    expect(withPartials(300, 100, 200)).toEqual([]);
    expect(withPartials(250, 100).join('\n')).toMatch(/refunds to a\/r1 add up to \$1\.00, \$2\.50 was refunded/);
    expect(withPartials(400, 200, 200).join('\n')).toMatch(/refunds to a\/r1 add up to \$4\.00, more than the \$3\.00 paid/);
    expect(withPartials(100).join('\n')).toMatch(/a\/r1 ended refunded but has no refund entry/);
  });

  it('accept a refund after a code when it was reported as already used (the lock blocked by it) or made by an operator', () => {
    const reported = world();
    reported.rentals.set('r2', {
      ...reported.rentals.get('r2')!,
      messagesCount: 1,
      reported: { reason: 'already_used', at: '2026-11-24T12:00:00.000Z' },
    });
    Object.assign(reported.locks[1]!, { blockedAt: '2026-11-24T12:00:00.000Z', blockedReason: 'already_used', blockedRentalId: 'r2' });
    expect(findings(reported)).toEqual([]);

    const byOperator = world();
    byOperator.rentals.get('r2')!.messagesCount = 1;
    byOperator.entries.get('a')!.find((e) => e.kind === 'refund')!.description = { key: 'refund', params: { operator: 'ops@example.com', reason: 'goodwill' } };
    expect(findings(byOperator)).toEqual([]);
  });

  it('name each kind of disagreement', () => {
    const cases: Array<[string, (s: Snapshot) => void, RegExp]> = [
      [
        'a balance moved outside the ledger',
        (s) => (s.profiles[0]!.balanceCents += 1),
        /balances equal their entries: a@example.com a: balance \$2\.91 but entries sum to \$2\.90/,
      ],
      [
        'card money taken back that the top-up does not account for',
        (s) => (s.topUps.get('t1')!.reversedCents = 0),
        /top-up t1 says \$0\.00 taken back, its entries took \$1\.00/,
      ],
      [
        'a paid top-up never credited',
        (s) => s.topUps.set('t2', { ...s.topUps.get('t1')!, id: 't2' }),
        /top-up t2 \(stripe, \$10\.00\) is paid and credited 0 times/,
      ],
      ['a credit for a top-up that is not paid', (s) => (s.topUps.get('t1')!.status = 'review'), /top-up entry of a\/t1 has no paid top-up \(it is review\)/],
      [
        "a top-up in review missing from the operators' queue",
        (s) => s.topUps.set('t3', { ...s.topUps.get('t1')!, id: 't3', status: 'review', reversedCents: 0 }),
        /every top-up in review queued for the operators: top-up t3 is in review but not in the operators' queue/,
      ],
      ['a decided top-up still queued', (s) => s.reviewQueue.push('t1'), /the review queue names top-up t1, which is paid/],
      [
        'a rental never debited',
        (s) => s.rentals.set('r3', { ...s.rentals.get('r1')!, id: 'r3', numberId: 9 }),
        /rental r3 \(\+447700900007\) was debited 0 times/,
      ],
      [
        'a rental whose price is not what was debited',
        (s) => (s.rentals.get('r1')!.priceCents = 350),
        /rental r1 says \$3\.50 paid, its purchase and extensions debited \$3\.00/,
      ],
      ['a refund for a rental that was not refunded', (s) => (s.rentals.get('r2')!.ended = 'closed'), /refund to a\/r2 matches no refunded rental/],
      [
        'a refunded rental with no refund',
        (s) =>
          s.entries.set(
            'a',
            s.entries.get('a')!.filter((e) => e.kind !== 'refund'),
          ),
        /a\/r2 ended refunded but has no refund entry/,
      ],
      ['an SMS debit at the wrong price', (s) => (s.messages.get('m1')!.priceCents = 15), /sent message m1 costs \$0\.15, debited \$0\.10/],
      [
        'a transfer credited to nobody',
        (s) =>
          s.entries.set(
            'b',
            s.entries.get('b')!.filter((e) => e.kind !== 'transfer-in'),
          ),
        /transfer x1 has 1 debit\(s\) and 0 credit\(s\)/,
      ],
      [
        'a sold agent activation never credited to its partner',
        (s) =>
          s.entries.set(
            'b',
            s.entries.get('b')!.filter((e) => e.kind !== 'partner-earning'),
          ),
        /every sold agent activation credited once to its partner: agent activation r5 \(sold\) credited to its partner 0 times/,
      ],
      [
        'an agent told another end than the activation had',
        (s) => (s.agentFinishes.get('r5')!.status = 4),
        /agent activation r5 ended as status 3 but its agent is told 4/,
      ],
      ['an agent never told of an end', (s) => s.agentFinishes.delete('r5'), /agent activation r5 ended but its agent g1 is not told/],
      [
        'a payout never debited',
        (s) => s.payouts.set('p3', { ...s.payouts.get('p1')!, id: 'p3', status: 'requested' }),
        /every payout debited once: payout p3 \(\$1\.00\) is debited 0 times/,
      ],
      ['a payout debited another amount', (s) => (s.payouts.get('p1')!.amountCents = 120), /payout p1 is \$1\.20 but debited \$1\.00/],
      ['a refused payout never credited back', (s) => (s.payouts.get('p1')!.status = 'refused'), /payout p1 \(refused\) is credited back 0 times/],
      ['a paid payout credited back', (s) => (s.payouts.get('p2')!.status = 'paid'), /payout p2 \(paid\) is credited back 1 times/],
      ['a payout entry without its payout', (s) => s.payouts.delete('p1'), /payout entry of b\/p1 has no payout/],
      ['an entry of a kind no check covers', (s) => (s.entries.get('b')![1]!.kind = 'gift' as LedgerKind), /entry b#2 is of kind gift, which no check covers/],
      [
        'a number held twice for one service',
        (s) => s.rentals.set('r4', { ...s.rentals.get('r1')!, id: 'r4', sub: 'b' }),
        /number lock 7\/SERVICE#3 is held by 2 active rentals: r1, r4/,
      ],
      ['a lock naming an ended rental', (s) => (s.locks[1]!.activeRentalId = 'r2'), /lock 8\/SERVICE#3 names rental r2, which is not active/],
      ['an accepted SMS whose message is gone', (s) => s.messages.delete('m2'), /SMS twilio SM1 was accepted but its message m2 is missing/],
      [
        'a holding counted that no rental holds',
        (s) => (s.standings.get('a')!['held:2:1:all'] = 1),
        /holding counters match the active rentals: account a is counted as holding 1 in 2:1:all but holds 0/,
      ],
      [
        'an active counted rental missing from the holdings',
        (s) => s.standings.set('a', {}),
        /account a is counted as holding 0 numbers but holds 1[\s\S]*account a is counted as holding 0 in 1:1:3 but holds 1/,
      ],
      ['one SMS stored twice', (s) => s.messages.set('m3', { ...s.messages.get('m2')!, id: 'm3' }), /SMS twilio SM1 is stored 2 times/],
      [
        'a refund after a code nobody reported',
        (s) => (s.rentals.get('r2')!.messagesCount = 1),
        /refunds after use and blocked numbers were reported: rental r2 got 1 code\(s\) and was refunded, neither reported as already used nor by an operator/,
      ],
      [
        'a reported rental that did not block its number',
        (s) => (s.rentals.get('r2')!.reported = { reason: 'not_delivered', at: '2026-11-24T12:00:00.000Z' }),
        /reported rental r2 did not block its lock 8\/SERVICE#3/,
      ],
      [
        'a block no report explains',
        (s) => Object.assign(s.locks[1]!, { blockedAt: 'x', blockedRentalId: 'r2' }),
        /lock 8\/SERVICE#3 is blocked by no reported rental/,
      ],
    ];
    for (const [what, spoil, expected] of cases) {
      const s = world();
      spoil(s);
      expect(findings(s).join('\n'), what).toMatch(expected);
    }
  });
});
